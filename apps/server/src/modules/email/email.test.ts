import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { auditLog, emailOutbox } from '../../db/schema/index.js';
import { TEST_EMAIL_LIMIT } from './email-admin.service.js';

let t: TestContext;
type Org = { id: string };
let orgA: Org;
let orgB: Org;
let superA: Record<string, string>;
let superB: Record<string, string>;
let adminA: Record<string, string>;
let marketingA: Record<string, string>;
const ids: Record<string, string> = {};

async function headersFor(orgId: string, role: string) {
  return bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role })));
}
// Explicit, increasing creation times: rows written within one clock tick would otherwise tie.
let clock = Date.now() - 3_600_000;
async function queue(key: string, to: string, orgId: string | null, template = 'auth:signup', createdAt = new Date((clock += 1000))) {
  const row = await t.app.ctx.mailer.enqueue(t.app.ctx.db, {
    to,
    subject: `Subject ${key}`,
    text: `Text ${key}`,
    html: `<p>${key}</p>`,
    template,
    orgId,
  });
  await t.app.ctx.db.update(emailOutbox).set({ createdAt }).where(eq(emailOutbox.id, row.id));
  ids[key] = row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createOrg(t.app);
  orgB = await createOrg(t.app);
  superA = await headersFor(orgA.id, 'super_admin');
  superB = await headersFor(orgB.id, 'super_admin');
  adminA = await headersFor(orgA.id, 'admin');
  marketingA = await headersFor(orgA.id, 'marketing');
  const memberOfB = await createUser(t.app, { orgId: orgB.id, role: 'marketing' });
  await queue('ownA', 'someone@example.test', orgA.id, 'test:plain');
  await queue('ownB', 'other@example.test', orgB.id, 'test:plain');
  await queue('signup', 'newcomer@example.test', null);
  await queue('recoveryOfB', memberOfB.email.toUpperCase(), null, 'auth:recovery');
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const postTest = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/email-tests', headers, payload: payload as object });

describe(`e-mail outbox API (${driver})`, () => {
  it('lists only the organization’s own messages for a super admin, newest first, without bodies', async () => {
    const res = await get('/api/v1/email-outbox', superA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const seen = body.items.map((i: { id: string }) => i.id);
    expect(seen).toEqual([ids.ownA]);
    expect(body.nextCursor).toBeNull();
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ['attempts', 'createdAt', 'id', 'lastError', 'sentAt', 'status', 'subject', 'template', 'toAddress'].sort(),
    );
    expect(body.items[0]).toMatchObject({ toAddress: 'someone@example.test', status: 'kept', attempts: 0, lastError: null, sentAt: null });
    // Messages without an organization (sign-up, recovery) are no tenant's: not A's, not even B's for B's member.
    expect(seen).not.toContain(ids.recoveryOfB);
    expect(seen).not.toContain(ids.signup);
    const forB = (await get('/api/v1/email-outbox', superB)).json().items.map((i: { id: string }) => i.id);
    expect(forB).toEqual([ids.ownB]);
  });

  it('filters by status, recipient and template and pages by keyset, ties included', async () => {
    const org = await createOrg(t.app);
    const h = await headersFor(org.id, 'super_admin');
    const tie = new Date(clock + 3000);
    for (let i = 0; i < 6; i++) {
      if (i === 2) clock += 1000;
      await queue(`page${i}`, `page${i}@example.test`, org.id, 'test:welcome', i === 2 || i === 3 ? tie : undefined);
    }
    const pageIds: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/v1/email-outbox?template=test:welcome&limit=3${cursor ? `&before=${cursor}` : ''}`, h);
      expect(res.statusCode).toBe(200);
      const body: { items: { id: string }[]; nextCursor: string | null } = res.json();
      expect(body.items.length).toBeLessThanOrEqual(3);
      pageIds.push(...body.items.map((i) => i.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    // Pages of 3 split the two rows of the same instant: the id tiebreak keeps both.
    expect(pages).toBe(2);
    const all = (await get('/api/v1/email-outbox?template=test:welcome', h)).json().items.map((i: { id: string }) => i.id);
    expect(pageIds).toEqual(all);
    // Newest first; the two rows of the same instant come in a stable order, once each.
    expect(all).toHaveLength(6);
    expect([all[0], all[1], all[4], all[5]]).toEqual([ids.page5, ids.page4, ids.page1, ids.page0]);
    expect([all[2], all[3]].sort()).toEqual([ids.page2, ids.page3].sort());

    const byTo = (await get('/api/v1/email-outbox?to=PAGE3@example.test', h)).json();
    expect(byTo.items.map((i: { id: string }) => i.id)).toEqual([ids.page3]);
    expect((await get('/api/v1/email-outbox?status=sent', h)).json().items).toEqual([]);
    expect((await get('/api/v1/email-outbox?status=kept&template=test:welcome', h)).json().items).toHaveLength(6);
    expect((await get('/api/v1/email-outbox?template=test:plain', h)).json().items).toEqual([]);
  });

  it('names the bad query parameter', async () => {
    for (const [q, field] of [
      ['limit=0', 'query.limit'],
      ['limit=101', 'query.limit'],
      ['limit=ten', 'query.limit'],
      ['status=lost', 'query.status'],
      ['before=nope', 'query.before'],
    ] as const) {
      const res = await get(`/api/v1/email-outbox?${q}`, superA);
      expect(res.statusCode, q).toBe(422);
      expect(
        res.json().error.fields.map((f: { field: string }) => f.field),
        q,
      ).toContain(field);
    }
    expect((await get('/api/v1/email-outbox?extra=1', superA)).statusCode).toBe(422);
  });

  it('reads one message with its bodies; other organizations’ messages are not found', async () => {
    const res = await get(`/api/v1/email-outbox/${ids.ownA}`, superA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.ownA,
      textBody: 'Text ownA',
      htmlBody: '<p>ownA</p>',
      template: 'test:plain',
      bodyRedacted: false,
    });
    for (const id of [ids.ownB, ids.signup, ids.recoveryOfB, '00000000-0000-4000-8000-000000000000']) {
      const other = await get(`/api/v1/email-outbox/${id}`, superA);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('not_found');
    }
    expect((await get('/api/v1/email-outbox/not-a-uuid', superA)).statusCode).toBe(422);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/email-outbox', '/api/v1/email-outbox/{id}', '/api/v1/email-tests', '/api/v1/email-tests/{id}']),
    );
    const limit = doc.paths['/api/v1/email-outbox'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema.type).toBe('string');
  });

  it('is for super admins only; test e-mails need the settings permission', async () => {
    expect((await get('/api/v1/email-outbox', {})).statusCode).toBe(401);
    for (const h of [adminA, marketingA]) {
      expect((await get('/api/v1/email-outbox', h)).statusCode).toBe(403);
      expect((await get(`/api/v1/email-outbox/${ids.ownA}`, h)).statusCode).toBe(403);
    }
    expect((await postTest(marketingA, { to: 'x@example.test', template: 'welcome' })).statusCode).toBe(403);
    expect((await get(`/api/v1/email-tests/${ids.ownA}`, marketingA)).statusCode).toBe(403);
    expect((await get(`/api/v1/email-tests/${ids.ownA}`, adminA)).statusCode).toBe(200);
  });
});

describe(`test e-mails (${driver})`, () => {
  it('queues a test e-mail, audits it, and reports its status to the organization', async () => {
    const org = await createOrg(t.app, 'Souk <Fresh> & Co');
    const user = await createUser(t.app, { orgId: org.id, role: 'admin' });
    const h = bearer(await tokenFor(t.app, user));
    const res = await postTest(h, { to: 'tester@example.test', template: 'welcome', message: 'Hi <script>alert(1)</script>' });
    expect(res.statusCode).toBe(202);
    const summary = res.json();
    expect(summary).toMatchObject({
      toAddress: 'tester@example.test',
      status: 'kept',
      template: 'test:welcome',
      subject: 'Welcome to Souk <Fresh> & Co',
    });

    const [stored] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, summary.id));
    expect(stored!.orgId).toBe(org.id);
    expect(stored!.htmlBody).toContain('Souk &lt;Fresh&gt; &amp; Co');
    expect(stored!.htmlBody).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(stored!.htmlBody).not.toContain('<script>');
    expect(stored!.textBody).toContain('Hi <script>alert(1)</script>');

    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, summary.id), eq(auditLog.actorId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ orgId: org.id, action: 'email.test_sent', entityType: 'email_outbox' });

    const status = await get(`/api/v1/email-tests/${summary.id}`, h);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual(summary);
    // Another organization cannot see it, and the endpoint shows test e-mails only.
    expect((await get(`/api/v1/email-tests/${summary.id}`, adminA)).statusCode).toBe(404);
    expect((await get(`/api/v1/email-tests/${ids.signup}`, adminA)).statusCode).toBe(404);
  });

  it('sends a plain message with the given subject', async () => {
    const res = await postTest(adminA, { to: 'plain@example.test', subject: 'Checking SMTP', message: 'Line one\nLine two' });
    expect(res.statusCode).toBe(202);
    const [stored] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.json().id));
    expect(stored).toMatchObject({ subject: 'Checking SMTP', textBody: 'Line one\nLine two', template: 'test:plain' });
    expect(stored!.htmlBody).toContain('<p>Line one<br>Line two</p>');
  });

  it('names the field of a bad test e-mail', async () => {
    const u = await headersFor(orgA.id, 'admin');
    const cases: [unknown, string][] = [
      [{ to: 'not-an-address', template: 'welcome' }, 'to'],
      [{ template: 'welcome' }, 'to'],
      [{ to: 'a@example.test' }, 'subject'],
      [{ to: 'a@example.test', subject: 'Only a subject' }, 'message'],
      [{ to: 'a@example.test', template: 'plain', message: 'Only a message' }, 'subject'],
      [{ to: 'a@example.test', template: 'fancy' }, 'template'],
      [{ to: 'a@example.test', subject: 'Two\nlines', message: 'x' }, 'subject'],
      [{ to: 'a@example.test', subject: 'x', message: 'x'.repeat(5001) }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await postTest(u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(
        res.json().error.fields.map((f: { field: string }) => f.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect((await postTest(u, { to: 'a@example.test', template: 'welcome', cc: 'b@example.test' })).statusCode).toBe(422);
    expect((await get('/api/v1/email-tests/not-a-uuid', u)).statusCode).toBe(422);
  });

  it(`limits each user to ${TEST_EMAIL_LIMIT} test e-mails per window`, async () => {
    const u = await headersFor(orgA.id, 'admin');
    const responses = await Promise.all(
      Array.from({ length: TEST_EMAIL_LIMIT + 2 }, (_, i) =>
        postTest(u, { to: `burst${i}@example.test`, template: 'confirmation-preview' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(TEST_EMAIL_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    const limited = responses.find((r) => r.statusCode === 429)!;
    expect(limited.json().error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another user of the same organization has a budget of their own.
    expect((await postTest(await headersFor(orgA.id, 'admin'), { to: 'other@example.test', template: 'welcome' })).statusCode).toBe(202);
  });
});
