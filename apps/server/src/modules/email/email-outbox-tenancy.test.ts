import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { emailOutbox } from '../../db/schema/index.js';
import { authEmail } from '../auth/auth.emails.js';
import { insertEmail } from './email.repository.js';
import { startSmtpPeer, type SmtpPeer } from './test-smtp-peer.js';

/**
 * Issue 12, item 2: an outbox message belongs to the organization it was sent for and to nobody
 * else; one without an organization belongs to no tenant; once delivered, its links and codes are gone.
 */
let t: TestContext;
let peer: SmtpPeer;
let superA: Record<string, string>;
let superB: Record<string, string>;
let orgA: { id: string };
let orgB: { id: string };
const ids: Record<string, string> = {};
const cases: Record<string, number> = { tenancy: 0, redaction: 0 };

const LINK = 'http://localhost:3000/auth/v1/verify?token=abcdefghijklmnopqrstuvwxyz0123456789&type=recovery&redirect_to=x';
const CODE = '493027';
const recovery = authEmail('recovery', { link: LINK, code: CODE });
const STATUS_LINK = 'http://localhost:3000/application-status#Zx9_kQ2-pL7mN4vB8cR1tY6wE3uI0oA5sD';

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const listIds = async (h: Record<string, string>, q = '') =>
  (await get(`/email-outbox${q}`, h)).json().items.map((i: { id: string }) => i.id) as string[];

/** A message as another module writes it: kept (no SMTP), pending for the sender, or already sent before redaction existed. */
async function put(key: string, to: string, orgId: string | null, status: 'kept' | 'pending' | 'sent', body = recovery) {
  const row = await insertEmail(t.app.ctx.db, {
    orgId,
    toAddress: to,
    subject: body.subject,
    textBody: body.text,
    htmlBody: body.html,
    template: 'recovery',
    status,
  });
  ids[key] = row.id;
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: peer.url });
  orgA = await createOrg(t.app);
  orgB = await createOrg(t.app);
  superA = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgA.id, role: 'super_admin' })));
  superB = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgB.id, role: 'super_admin' })));
  const memberOfA = await createUser(t.app, { orgId: orgA.id, role: 'marketing' });
  await put('orglessStranger', 'future-vendor@example.test', null, 'kept');
  await put('orglessMemberOfA', memberOfA.email, null, 'kept');
  await put('keptA', 'someone@example.test', orgA.id, 'kept');
  await put('keptB', 'other@example.test', orgB.id, 'kept');
  await put('sentLegacyA', 'legacy@example.test', orgA.id, 'sent');
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe(`e-mail outbox tenancy (${driver})`, () => {
  it('lists no organization-less message to any super admin, and only the own organization’s', async () => {
    const a = await listIds(superA);
    const b = await listIds(superB);
    for (const orgless of [ids.orglessStranger, ids.orglessMemberOfA]) {
      expect(a).not.toContain(orgless);
      expect(b).not.toContain(orgless);
      cases.tenancy! += 2;
    }
    expect(a).toContain(ids.keptA);
    expect(a).not.toContain(ids.keptB);
    expect(b).toEqual([ids.keptB]);
    cases.tenancy! += 2;
  });

  it('filters and pages never reach another organization’s or an organization-less message', async () => {
    expect(await listIds(superA, '?to=future-vendor@example.test')).toEqual([]);
    expect(await listIds(superA, '?to=other@example.test')).toEqual([]);
    expect(await listIds(superA, '?template=recovery&status=kept')).toEqual([ids.keptA]);
    // A cursor naming a message the caller cannot see gives nothing away (not even its position).
    expect(await listIds(superA, `?before=${ids.keptB}`)).toEqual([]);
    expect(await listIds(superA, `?before=${ids.orglessStranger}`)).toEqual([]);
    cases.tenancy! += 5;
  });

  it('answers 404 for the detail and the test-mail status of a message outside the organization', async () => {
    for (const id of [ids.orglessStranger, ids.orglessMemberOfA, ids.keptB]) {
      const res = await get(`/email-outbox/${id}`, superA);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(CODE);
      expect((await get(`/email-tests/${id}`, superA)).statusCode).toBe(404);
      cases.tenancy! += 2;
    }
    expect((await get(`/email-outbox/${ids.orglessStranger}`, superB)).statusCode).toBe(404);
    cases.tenancy! += 1;
  });

  it('keeps a message held without SMTP readable, links and codes included, inside its organization', async () => {
    const res = await get(`/email-outbox/${ids.keptA}`, superA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'kept', bodyRedacted: false });
    expect(res.json().textBody).toContain(LINK);
    expect(res.json().textBody).toContain(CODE);
  });
});

describe(`e-mail outbox after delivery (${driver})`, () => {
  it('delivers the links and codes, then removes them from the stored text and HTML in the same update that marks it sent', async () => {
    const queued = await t.app.ctx.mailer.enqueue(t.app.ctx.db, { to: 'deliver@example.test', orgId: orgA.id, ...recovery });
    const app = await t.app.ctx.mailer.enqueue(t.app.ctx.db, {
      to: 'applicant@example.test',
      orgId: orgA.id,
      template: 'application.received',
      subject: 'We received your application',
      text: `Your private status link:\n${STATUS_LINK}\n`,
      html: `<p>Your private status link:<br><a href="${STATUS_LINK}">${STATUS_LINK}</a></p>`,
    });
    expect(await t.app.ctx.mailer.runOnce()).toBe(2);
    const got = await peer.waitFor(2);
    // The recipient gets the real thing.
    expect(got.map((m) => m.raw).join('\n')).toContain(CODE);
    for (const id of [queued.id, app.id]) {
      const [row] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row!.status).toBe('sent');
      for (const body of [row!.textBody, row!.htmlBody!]) {
        expect(body).not.toMatch(/https?:\/\//);
        expect(body).not.toContain(CODE);
        expect(body).not.toContain('Zx9_kQ2');
        expect(body).not.toContain('href=');
        expect(body).toContain('[link removed after delivery]');
        cases.redaction! += 1;
      }
    }
    const [row] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    expect(row!.textBody).toContain('[code removed after delivery]');
    // The words around the link stay, so the outbox still shows what was sent.
    expect(row!.textBody).toContain('Follow this link to reset the password of your account:');

    const detail = await get(`/email-outbox/${queued.id}`, superA);
    expect(detail.json()).toMatchObject({ status: 'sent', bodyRedacted: true });
    expect(detail.body).not.toContain(CODE);
    cases.redaction! += 1;
  });

  it('does not show the links of a message marked sent before redaction existed', async () => {
    const res = await get(`/email-outbox/${ids.sentLegacyA}`, superA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', bodyRedacted: true });
    expect(res.body).not.toContain(CODE);
    expect(res.body).not.toContain('token=abcdefghij');
    expect(res.json().textBody).toContain('[link removed after delivery]');
    cases.redaction! += 1;
    console.log(`outbox tenancy cases: tenancy ${cases.tenancy}, redaction ${cases.redaction}`);
  });
});
