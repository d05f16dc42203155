import { createServer, type AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { emailOutbox } from '../../db/schema/index.js';
import { claimDue, markFailed, markSent } from './email.repository.js';
import { Mailer, type MailerOptions } from './email.service.js';
import { startSmtpPeer, type SmtpPeer } from './test-smtp-peer.js';

let t: TestContext;
let peer: SmtpPeer;
const mailers: Mailer[] = [];
const FROM = 'Market <no-reply@market.test>';

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: peer.url, smtpFrom: FROM });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});
beforeEach(async () => {
  peer.received.length = 0;
  peer.attempts.length = 0;
  peer.mode = 'accept';
  peer.dataDelayMs = 0;
  // Each test starts with an empty queue, so one test's leftovers cannot be claimed by another's sender.
  await t.app.ctx.db.delete(emailOutbox);
});
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.stop()));
});

function mailer(opts: Partial<MailerOptions> = {}): Mailer {
  const m = new Mailer(t.app.ctx.db, { smtpUrl: peer.url, from: FROM, ...opts });
  mailers.push(m);
  return m;
}
const rcpt = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.test`;
const row = async (id: string) => (await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function closedPortUrl(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return `smtp://127.0.0.1:${port}?ignoreTLS=true`;
}

describe(`e-mail delivery over SMTP (${driver})`, () => {
  it('sends a queued message to the SMTP peer and marks it sent', async () => {
    const to = rcpt('hello');
    const queued = await t.app.ctx.mailer.enqueue(t.app.ctx.db, {
      to,
      subject: 'Hello there',
      text: 'Plain body',
      html: '<p>Html body</p>',
      template: 'test:plain',
    });
    expect(queued.status).toBe('pending');
    expect(await t.app.ctx.mailer.runOnce()).toBe(1);
    const [got] = await peer.waitFor(1);
    expect(got!.to).toEqual([to]);
    expect(got!.from).toBe('no-reply@market.test');
    expect(got!.subject).toBe('Hello there');
    expect(got!.raw).toContain('Plain body');
    expect(got!.raw).toContain('<p>Html body</p>');
    const after = await row(queued.id);
    expect(after).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(after.sentAt).toBeInstanceOf(Date);
    expect(await t.app.ctx.mailer.runOnce()).toBe(0);
  });

  it('wakes on the commit of a transaction that queued a message, not before', async () => {
    // A poll far longer than the test: only the NOTIFY sent at commit can deliver in time.
    const m = mailer({ listen: (c, cb) => t.database.listen(c, cb), pollMs: 60_000 });
    m.start();
    for (let i = 0; i < 300 && !m.listening; i++) await sleep(10);
    expect(m.listening).toBe(true);
    const to = rcpt('commit');
    await t.app.ctx.db.transaction(async (tx) => {
      await m.enqueue(tx, { to, subject: 'After commit', text: 'x', template: 'test:plain' });
      await sleep(150);
      expect(peer.attempts).toEqual([]);
    });
    const [got] = await peer.waitFor(1, 3000);
    expect(got!.to).toEqual([to]);
  });

  it('wakes at once for a message queued outside a transaction', async () => {
    const m = mailer({ pollMs: 60_000 });
    m.start();
    await sleep(50);
    await m.enqueue(t.app.ctx.db, { to: rcpt('direct'), subject: 'Direct', text: 'x', template: 'test:plain' });
    await peer.waitFor(1, 3000);
  });

  it('retries a temporary rejection with backoff, then fails after the last attempt', async () => {
    peer.mode = 'reject-temporary';
    const m = mailer({ maxAttempts: 3, backoffMs: (n) => n * 300 });
    const queued = await m.enqueue(t.app.ctx.db, { to: rcpt('busy'), subject: 'Busy', text: 'x', template: 'test:plain' });

    expect(await m.runOnce()).toBe(1);
    let r = await row(queued.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(r.lastError).toMatch(/451/);
    const [backoff] = await t.app.ctx.db
      .select({ ms: sql<string>`extract(epoch from ${emailOutbox.nextAttemptAt} - ${emailOutbox.updatedAt}) * 1000` })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, queued.id));
    expect(Number(backoff!.ms)).toBeGreaterThanOrEqual(290);
    // Not due yet: the backoff holds it back.
    expect(await m.runOnce()).toBe(0);

    await sleep(320);
    expect(await m.runOnce()).toBe(1);
    r = await row(queued.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 2 });
    await sleep(620);
    expect(await m.runOnce()).toBe(1);
    r = await row(queued.id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3, lockedUntil: null });
    expect(r.lastError).toMatch(/451/);
    expect(await m.runOnce()).toBe(0);
    expect(peer.attempts).toHaveLength(3);
    expect(peer.received).toHaveLength(0);
  });

  it('fails a permanent rejection (550) at once, without retrying', async () => {
    peer.mode = 'reject-permanent';
    const m = mailer({ maxAttempts: 5, backoffMs: () => 0 });
    const queued = await m.enqueue(t.app.ctx.db, { to: rcpt('unknown'), subject: 'Nobody', text: 'x', template: 'test:plain' });
    expect(await m.runOnce()).toBe(1);
    const r = await row(queued.id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1 });
    expect(r.lastError).toMatch(/550/);
    expect(await m.runOnce()).toBe(0);
    expect(peer.attempts).toHaveLength(1);
  });

  it('retries when the SMTP server cannot be reached, and fails after max attempts', async () => {
    const m = new Mailer(t.app.ctx.db, { smtpUrl: await closedPortUrl(), from: FROM, maxAttempts: 2, backoffMs: () => 0 });
    mailers.push(m);
    const queued = await m.enqueue(t.app.ctx.db, { to: rcpt('down'), subject: 'Down', text: 'x', template: 'test:plain' });
    expect(await m.runOnce()).toBe(1);
    expect(await row(queued.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect(await m.runOnce()).toBe(1);
    expect(await row(queued.id)).toMatchObject({ status: 'failed', attempts: 2, lastError: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('takes over a crashed sender’s message once its lease expires, never a live lease', async () => {
    const m = mailer({ maxAttempts: 3 });
    const live = await m.enqueue(t.app.ctx.db, { to: rcpt('live'), subject: 'Live lease', text: 'x', template: 'test:plain' });
    const crashed = await m.enqueue(t.app.ctx.db, { to: rcpt('crashed'), subject: 'Crashed', text: 'x', template: 'test:plain' });
    const abandoned = await m.enqueue(t.app.ctx.db, { to: rcpt('abandoned'), subject: 'Abandoned', text: 'x', template: 'test:plain' });
    const db = t.app.ctx.db;
    await db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, live.id));
    await db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, crashed.id));
    await db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 3, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, abandoned.id));

    expect(await m.runOnce()).toBe(1);
    const [got] = await peer.waitFor(1);
    expect(got!.subject).toBe('Crashed');
    expect(await row(crashed.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(live.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await row(abandoned.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: expect.stringMatching(/stopped/) });
  });

  it('ignores the outcome reported by a sender whose lease was taken over', async () => {
    const m = mailer();
    const queued = await m.enqueue(t.app.ctx.db, { to: rcpt('fence'), subject: 'Fence', text: 'x', template: 'test:plain' });
    const db = t.app.ctx.db;
    const [first] = await claimDue(db, 1, 60, 5);
    expect(first!.attempts).toBe(1);
    await db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, queued.id));
    const [second] = await claimDue(db, 1, 60, 5);
    expect(second!.attempts).toBe(2);
    await markFailed(db, queued.id, 1, 'stale sender', 0);
    expect(await row(queued.id)).toMatchObject({ status: 'sending', attempts: 2, lastError: null });
    await markSent(db, queued.id, 2, { textBody: queued.textBody, htmlBody: queued.htmlBody });
    expect(await row(queued.id)).toMatchObject({ status: 'sent' });
  });

  it('two senders on one database never send the same message twice', async () => {
    peer.dataDelayMs = 5;
    const a = mailer({ batchSize: 3 });
    const b = mailer({ batchSize: 3 });
    const ids: string[] = [];
    const recipients: string[] = [];
    for (let i = 0; i < 24; i++) {
      const to = rcpt(`race${i}`);
      recipients.push(to);
      ids.push((await a.enqueue(t.app.ctx.db, { to, subject: `Race ${i}`, text: 'x', template: 'test:plain' })).id);
    }
    const drain = async (m: Mailer) => {
      let total = 0;
      for (let n = await m.runOnce(); n > 0; n = await m.runOnce()) total += n;
      return total;
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA + byB).toBe(24);
    const delivered = peer.received.flatMap((r) => r.to).sort();
    expect(delivered).toEqual([...recipients].sort());
    const rows = await t.app.ctx.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('waits for a message being sent when it stops', async () => {
    peer.dataDelayMs = 300;
    const m = mailer({ pollMs: 60_000 });
    const queued = await m.enqueue(t.app.ctx.db, { to: rcpt('stop'), subject: 'Stop', text: 'x', template: 'test:plain' });
    m.start();
    for (let i = 0; i < 200 && peer.attempts.length === 0; i++) await sleep(10);
    expect(peer.attempts).toHaveLength(1);
    await m.stop();
    expect(await row(queued.id)).toMatchObject({ status: 'sent' });
  });
});

describe(`e-mail without SMTP (${driver})`, () => {
  it('keeps messages for a super admin to read and sends nothing', async () => {
    const m = new Mailer(t.app.ctx.db, { from: FROM });
    expect(m.delivers).toBe(false);
    const queued = await m.enqueue(t.app.ctx.db, { to: rcpt('kept'), subject: 'Kept', text: 'x', template: 'test:plain' });
    expect(queued.status).toBe('kept');
    m.start(10);
    expect(await m.runOnce()).toBe(0);
    await m.stop();
    expect(await row(queued.id)).toMatchObject({ status: 'kept', attempts: 0 });
    // A sender that does deliver leaves kept messages alone too.
    expect(await mailer().runOnce()).toBe(0);
    expect(peer.attempts).toHaveLength(0);
  });
});

describe(`test e-mail page round trip (${driver})`, () => {
  // Runs last: it starts the app's own sender, which the app stops when it closes.
  it('sends a test e-mail through the app’s sender and reports it sent', async () => {
    const org = await createOrg(t.app);
    const h = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'admin' })));
    t.app.ctx.mailer.start(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/email-tests',
      headers: h,
      payload: { to: 'roundtrip@example.test', template: 'welcome' },
    });
    expect(res.statusCode).toBe(202);
    const { id } = res.json();
    const [got] = await peer.waitFor(1, 3000);
    expect(got!.to).toEqual(['roundtrip@example.test']);
    expect(got!.subject).toBe(`Welcome to ${org.name}`);
    let status = '';
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      status = (await t.app.inject({ url: `/api/v1/email-tests/${id}`, headers: h })).json().status;
      if (status !== 'sent') await sleep(20);
    }
    expect(status).toBe('sent');
  });
});
