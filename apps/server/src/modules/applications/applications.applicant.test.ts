import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, vendorApplicationDocuments, vendorApplications } from '../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { driver } from '../../../test/harness.js';
import { pdf } from '../storage/storage.test-support.js';
import { changeStatus, findByToken, insertEvent, type ApplicationActor } from './applications.records.js';
import {
  call,
  formToken,
  ipSequence,
  outboxTo,
  startPublicForms,
  statusTokenIn,
  upload,
  vendorBody,
  type MarketForForms,
  type PublicEnv,
} from './applications.public.test-support.js';

let env: PublicEnv;
let m: MarketForForms;
let staff: ApplicationActor;
const nextIp = ipSequence('10.3.0');

beforeAll(async () => {
  ({ env, m } = await startPublicForms());
  staff = { type: 'staff', userId: (await createUser(env.app, { orgId: m.org.id, role: 'vendor_manager' })).id, ip: null };
});
afterAll(async () => env?.close());

/** Submits a fresh application and answers its status-link secret (from the confirmation e-mail). */
async function apply(email: string): Promise<string> {
  const token = await formToken(env.app, m.org.slug);
  env.advance();
  const res = await call(env.app, 'POST', '/public/applications', vendorBody(m, token, { email }), nextIp());
  expect(res.status).toBe(202);
  const [mail] = await outboxTo(env.app, email);
  return statusTokenIn(mail!.textBody);
}

/** What staff do, through the shared status code (the staff routes are another module's). */
async function staffMoves(token: string, change: Parameters<typeof changeStatus>[4]): Promise<void> {
  const app = (await findByToken(env.app.ctx.db, token))!;
  await env.app.ctx.db.transaction(async (tx) => changeStatus(env.app.ctx, tx, app, staff, change));
}

const status = (token: string) => call(env.app, 'POST', '/public/application-status', { token });

describe(`applicant status page (${driver})`, () => {
  it('answers 404 in words for an unknown link and 422 for a malformed one', async () => {
    const unknown = await status('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('This status link is not valid or has expired');
    expect((await call(env.app, 'POST', '/public/application-status/withdraw', { token: 'B'.repeat(43) })).status).toBe(404);
    const bad = await status('short');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields[0].field).toBe('token');
  });

  it('shows the applicant their history without staff notes or staff names', async () => {
    const token = await apply('viewer@example.test');
    const app = (await findByToken(env.app.ctx.db, token))!;
    await insertEvent(env.app.ctx.db, app, staff, {
      kind: 'message',
      fromStatus: null,
      toStatus: null,
      message: 'internal: check their licence',
      visibleToApplicant: false,
    });
    await staffMoves(token, { to: 'under_review' });
    const view = await status(token);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      stream: 'market_vendor',
      status: 'under_review',
      email: 'viewer@example.test',
      locale: 'en',
      decisionReason: null,
      canRespond: false,
      canWithdraw: true,
    });
    expect(view.body.categories).toEqual([{ nameEn: 'Crafts', nameAr: m.crafts.nameAr }]);
    expect(view.body.marketDays).toEqual([{ date: m.days.open.date, locationName: 'Harbour Square', locationNameAr: expect.any(String) }]);
    expect(view.body.history.map((e: { kind: string }) => e.kind)).toEqual(['submitted', 'status']);
    expect(
      view.body.history.every((e: { actorName: unknown; visibleToApplicant: boolean }) => e.actorName === null && e.visibleToApplicant),
    ).toBe(true);
    expect(JSON.stringify(view.body)).not.toContain('internal: check');
    expect(view.body.history[1]).toMatchObject({ fromStatus: 'submitted', toStatus: 'under_review', actorType: 'staff' });
  });

  it('lets the applicant answer a request for information with files; the application goes back to review', async () => {
    const email = 'answers@example.test';
    const token = await apply(email);
    const early = await call(env.app, 'POST', '/public/application-status/respond', { token, message: 'Here it is' });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('This application is not waiting for information from you, so there is nothing to answer.');

    await staffMoves(token, { to: 'info_requested', kind: 'info_request', message: 'Please send your market permit' });
    const requested = await status(token);
    expect(requested.body).toMatchObject({ status: 'info_requested', canRespond: true });
    expect(requested.body.history.at(-1)).toMatchObject({ kind: 'info_request', message: 'Please send your market permit' });
    expect((await outboxTo(env.app, email)).map((x) => x.template).sort()).toEqual(['application.info_requested', 'application.received']);

    const file = await upload(env.app, m.org.slug, pdf(), 'permit.pdf', 'application/pdf', nextIp());
    const badDoc = await call(env.app, 'POST', '/public/application-status/respond', {
      token,
      message: 'x',
      documents: [{ uploadId: '00000000-0000-4000-8000-000000000000', docType: 'permit' }],
    });
    expect(badDoc.status).toBe(422);
    expect(badDoc.body.error.fields[0].field).toBe('documents.0.uploadId');
    expect((await status(token)).body.status).toBe('info_requested');

    const res = await call(
      env.app,
      'POST',
      '/public/application-status/respond',
      {
        token,
        message: 'Permit attached <b>now</b>',
        documents: [{ uploadId: file.body.uploadId, docType: 'permit', expiresOn: '2099-01-31' }],
      },
      '10.3.9.9',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'under_review', canRespond: false });
    expect(res.body.documents).toEqual([
      expect.objectContaining({ fileName: 'permit.pdf', docType: 'permit', status: 'pending', statusNote: null }),
    ]);
    expect(res.body.history.at(-1)).toMatchObject({
      kind: 'info_response',
      actorType: 'applicant',
      fromStatus: 'info_requested',
      toStatus: 'under_review',
      message: 'Permit attached <b>now</b>',
    });
    // The applicant's own answer sends them no e-mail.
    expect(await outboxTo(env.app, email)).toHaveLength(2);
    const app = (await findByToken(env.app.ctx.db, token))!;
    const audits = await env.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, app.id));
    expect(audits.find((a) => a.action === 'application.under_review' && a.ip === '10.3.9.9')).toBeDefined();
    const again = await call(env.app, 'POST', '/public/application-status/respond', { token, message: 'Once more' });
    expect(again.status).toBe(409);
  });

  it('lets the applicant withdraw until a decision is final, and not after', async () => {
    const email = 'leaving@example.test';
    const token = await apply(email);
    const res = await call(env.app, 'POST', '/public/application-status/withdraw', { token, reason: 'Found another market' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'withdrawn', decisionReason: 'Found another market', canWithdraw: false, canRespond: false });
    expect(res.body.history.at(-1)).toMatchObject({
      kind: 'status',
      toStatus: 'withdrawn',
      actorType: 'applicant',
      message: 'Found another market',
    });
    expect((await outboxTo(env.app, email)).map((x) => x.template).sort()).toEqual(['application.received', 'application.withdrawn']);
    const twice = await call(env.app, 'POST', '/public/application-status/withdraw', { token });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('An application that is withdrawn cannot be withdrawn.');

    const approvedToken = await apply('approved@example.test');
    await staffMoves(approvedToken, { to: 'approved' });
    const late = await call(env.app, 'POST', '/public/application-status/withdraw', { token: approvedToken });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('An application that is approved cannot be withdrawn.');
    const [row] = await env.app.ctx.db.select().from(vendorApplications).where(eq(vendorApplications.email, 'approved@example.test'));
    expect(row!.status).toBe('approved');
  });

  it('refuses an upload already claimed by another application in an answer', async () => {
    const first = await apply('first@example.test');
    const second = await apply('second@example.test');
    const file = await upload(env.app, m.org.slug, pdf(), 'licence.pdf', 'application/pdf', nextIp());
    await staffMoves(first, { to: 'info_requested', message: 'Licence?' });
    await staffMoves(second, { to: 'info_requested', message: 'Licence?' });
    const doc = [{ uploadId: file.body.uploadId, docType: 'licence' }];
    expect(
      (await call(env.app, 'POST', '/public/application-status/respond', { token: first, message: 'Mine', documents: doc })).status,
    ).toBe(200);
    const stolen = await call(env.app, 'POST', '/public/application-status/respond', {
      token: second,
      message: 'Also mine',
      documents: doc,
    });
    expect(stolen.status).toBe(422);
    const docs = await env.app.ctx.db
      .select()
      .from(vendorApplicationDocuments)
      .where(eq(vendorApplicationDocuments.objectPath, `applications/uploads/${file.body.uploadId}/licence.pdf`));
    expect(docs).toHaveLength(1);
  });
});
