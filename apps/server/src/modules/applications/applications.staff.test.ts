import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, vendorApplicationEvents, vendorApplications } from '../../db/schema/index.js';
import { caller, type Call } from '../market-days/market-days.test-support.js';
import { ensureOrgBuckets, orgBucketIds } from '../storage/storage.service.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication, createMarketDay } from '../../../test/factories/applications.js';
import { createCategory } from '../../../test/factories/market.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { findByToken } from './applications.records.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

let t: TestContext;
let dataDir: string;
let orgA: { id: string; slug: string };
let orgB: { id: string };
let staff: Call;
let staffHeaders: Record<string, string>;
let staffName: string;
let otherOrg: Call;
let marketing: Call;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'applications-staff-'));
  t = await createTestApp({ dataDir });
  sendCurrentVersions(t.app);
  orgA = await createOrg(t.app);
  orgB = await createOrg(t.app);
  const user = await createUser(t.app, { orgId: orgA.id, role: 'vendor_manager' });
  staffName = 'Test User';
  staffHeaders = bearer(await tokenFor(t.app, user));
  staff = caller(t.app, staffHeaders);
  otherOrg = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgB.id, role: 'super_admin' }))));
  marketing = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgA.id, role: 'marketing' }))));
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Status = 'submitted' | 'under_review' | 'info_requested' | 'approved' | 'waitlisted' | 'rejected' | 'withdrawn';
const STATUSES: Status[] = ['submitted', 'under_review', 'info_requested', 'approved', 'waitlisted', 'rejected', 'withdrawn'];
const ACTIONS = {
  'start-review': { body: {}, to: 'under_review', from: ['submitted', 'info_requested', 'waitlisted'] },
  'request-info': {
    body: { message: 'Send your food hygiene certificate' },
    to: 'info_requested',
    from: ['submitted', 'under_review', 'waitlisted'],
  },
  waitlist: { body: { message: 'All food places are taken' }, to: 'waitlisted', from: ['submitted', 'under_review', 'info_requested'] },
  reject: {
    body: { reason: 'We have enough bakers' },
    to: 'rejected',
    from: ['submitted', 'under_review', 'info_requested', 'waitlisted'],
  },
} as const;

const mails = (to: string) => t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const eventsOf = (id: string) =>
  t.app.ctx.db
    .select()
    .from(vendorApplicationEvents)
    .where(eq(vendorApplicationEvents.applicationId, id))
    .orderBy(vendorApplicationEvents.createdAt);

describe(`applications: staff review (${driver})`, () => {
  it('allows every legal status change and refuses the others with 409 in words', async () => {
    for (const [action, spec] of Object.entries(ACTIONS)) {
      for (const from of STATUSES) {
        const { row } = await createApplication(t.app, orgA.id, { status: from });
        const res = await staff('POST', `/vendor-applications/${row.id}/${action}`, spec.body);
        if ((spec.from as readonly string[]).includes(from)) {
          expect(res.status, `${action} from ${from}: ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body.status).toBe(spec.to);
          expect(res.body.history.at(-1)).toMatchObject({ fromStatus: from, toStatus: spec.to, actorType: 'staff', actorName: staffName });
        } else {
          expect(res.status, `${action} from ${from}`).toBe(409);
          expect(res.body.error.message).toMatch(new RegExp(`^An application that is .+ cannot be .+\\.$`));
          const [after] = await t.app.ctx.db.select().from(vendorApplications).where(eq(vendorApplications.id, row.id));
          expect(after!.status).toBe(from);
        }
      }
    }
    const { row } = await createApplication(t.app, orgA.id, { status: 'approved' });
    const res = await staff('POST', `/vendor-applications/${row.id}/reject`, { reason: 'Changed our mind' });
    expect(res.body.error.message).toBe('An application that is approved cannot be rejected.');
  });

  it('asks for information: history, audit and e-mail in the applicant language; rejection keeps the reason', async () => {
    const { row } = await createApplication(t.app, orgA.id, { locale: 'ar' });
    const res = await staff('POST', `/vendor-applications/${row.id}/request-info`, { message: 'Send a photo of your stall' });
    expect(res.status).toBe(200);
    expect(res.body.allowedActions).toEqual(['start_review', 'approve', 'waitlist', 'reject']);
    const events = await eventsOf(row.id);
    expect(events.at(-1)).toMatchObject({ kind: 'info_request', message: 'Send a photo of your stall', visibleToApplicant: true });
    const [mail] = (await mails(row.email)).filter((m) => m.template === 'application.info_requested');
    expect(mail!.subject).toBe('نحتاج إلى معلومات إضافية عن طلبك');
    expect(mail!.textBody).toContain('Send a photo of your stall');
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'application.info_requested')));
    expect(audits).toHaveLength(1);

    const missing = await staff('POST', `/vendor-applications/${row.id}/reject`, { reason: '   ' });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['reason']);
    const rejected = await staff('POST', `/vendor-applications/${row.id}/reject`, { reason: 'Stall too large' });
    expect(rejected.body).toMatchObject({ status: 'rejected', decisionReason: 'Stall too large', allowedActions: [] });
    expect(rejected.body.decidedAt).toBeTruthy();
  });

  it('sends a message without changing the status; the applicant sees it in their history', async () => {
    const { row, token } = await createApplication(t.app, orgA.id, { status: 'under_review' });
    const res = await staff('POST', `/vendor-applications/${row.id}/messages`, { message: 'We will visit your stall on Friday' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('under_review');
    expect(res.body.history.at(-1)).toMatchObject({ kind: 'message', message: 'We will visit your stall on Friday', actorName: staffName });
    // What the status page reads: the application found by its private token, and its visible events.
    const found = await findByToken(t.app.ctx.db, token);
    const visible = (await eventsOf(found!.id)).filter((e) => e.visibleToApplicant);
    expect(visible.map((e) => e.message)).toContain('We will visit your stall on Friday');
    const mail = (await mails(row.email)).find((m) => m.template === 'application.message');
    expect(mail!.textBody).toContain('We will visit your stall on Friday');
    expect(mail!.textBody).toContain(`&lang=en#${token}`);
  });

  it('shows the detail of an application of the organization only, to vendor_management only', async () => {
    const food = await createCategory(t.app, orgA.id, { nameEn: 'Food', requiredDocumentTypes: ['food_hygiene'] });
    const day = await createMarketDay(t.app, orgA.id);
    const { row } = await createApplication(t.app, orgA.id, {
      categoryIds: [food.id],
      marketDayIds: [day.id],
      answers: { documents: [{ uploadId: '6f1c2b4e-0000-4000-8000-000000000001', docType: 'food_hygiene' }] },
      documents: [{ docType: 'food_hygiene', fileName: 'hygiene.pdf' }],
    });
    const res = await staff('GET', `/vendor-applications/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      stream: 'market_vendor',
      status: 'submitted',
      categories: [{ id: food.id, nameEn: 'Food', requiredDocumentTypes: ['food_hygiene'] }],
      marketDays: [{ id: day.id, date: day.date, status: 'published' }],
      documents: [{ docType: 'food_hygiene', fileName: 'hygiene.pdf', status: 'pending' }],
      scores: [],
      myScore: null,
      averageScore: null,
      vendorId: null,
      workshop: null,
      allowedActions: ['start_review', 'request_info', 'approve', 'waitlist', 'reject'],
    });
    expect(res.body.marketDays[0].locationName).toMatch(/^Location /);
    expect(res.body.answers.businessName).toBe(row.applicantName);
    expect(JSON.stringify(res.body)).not.toContain('6f1c2b4e-0000-4000-8000-000000000001');
    expect((await otherOrg('GET', `/vendor-applications/${row.id}`)).status).toBe(404);
    expect((await otherOrg('POST', `/vendor-applications/${row.id}/start-review`, {})).status).toBe(404);
    expect((await otherOrg('POST', `/vendor-applications/${row.id}/messages`, { message: 'hi' })).status).toBe(404);
    expect((await marketing('GET', `/vendor-applications/${row.id}`)).status).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/vendor-applications/${row.id}` })).statusCode).toBe(401);
  });

  it('hides the others’ scores under blind review until the caller scores', async () => {
    const org = await createOrg(t.app);
    const first = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'vendor_manager' }))));
    const second = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'vendor_manager_plus' }))));
    expect((await first('GET', '/application-settings')).body).toEqual({ blindReview: false, workshopsPerMarketDay: 2 });
    expect((await first('PATCH', '/application-settings', { blindReview: true })).body).toEqual({
      blindReview: true,
      workshopsPerMarketDay: 2,
    });
    const { row } = await createApplication(t.app, org.id);
    expect((await first('PUT', `/vendor-applications/${row.id}/score`, { score: 6 })).status).toBe(422);
    const scored = await first('PUT', `/vendor-applications/${row.id}/score`, { score: 4, comment: 'Good products' });
    expect(scored.body).toMatchObject({ scoresHidden: false, averageScore: 4, myScore: { score: 4, comment: 'Good products' } });
    const hidden = await second('GET', `/vendor-applications/${row.id}`);
    expect(hidden.body).toMatchObject({ scores: [], scoresHidden: true, averageScore: null, myScore: null });
    const list = await second('GET', '/vendor-applications?stream=market_vendor');
    expect(list.body.items[0]).toMatchObject({ id: row.id, averageScore: null, scoreCount: 1 });
    expect((await first('GET', '/vendor-applications?stream=market_vendor')).body.items[0]).toMatchObject({
      averageScore: 4,
      scoreCount: 1,
    });
    const own = await second('PUT', `/vendor-applications/${row.id}/score`, { score: 2 });
    expect(own.body).toMatchObject({ scoresHidden: false, averageScore: 3 });
    expect(own.body.scores.map((s: { score: number }) => s.score).sort()).toEqual([2, 4]);
    // Changing one's score replaces it.
    expect((await first('PUT', `/vendor-applications/${row.id}/score`, { score: 5 })).body.averageScore).toBe(3.5);
    await first('PATCH', '/application-settings', { blindReview: false });
    const third = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'vendor_manager' }))));
    expect((await third('GET', `/vendor-applications/${row.id}`)).body).toMatchObject({ scoresHidden: false, averageScore: 3.5 });
  });

  it('reviews documents (a declined one is shown to the applicant with the note) and signs a 5-minute link', async () => {
    await ensureOrgBuckets(t.app.ctx.db, orgA);
    const docs = orgBucketIds(orgA.slug).documents;
    const objectPath = `applications/${Date.now()}/permit.pdf`;
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const up = await t.app.inject({
      method: 'POST',
      url: `/storage/v1/object/${docs}/${objectPath}`,
      headers: { ...staffHeaders, 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(up.statusCode, up.body).toBe(200);
    const { row } = await createApplication(t.app, orgA.id, {
      documents: [
        { docType: 'permit', bucketId: docs, objectPath, fileName: 'permit.pdf' },
        { docType: 'id', fileName: 'id.pdf' },
      ],
    });
    const documents: { id: string; fileName: string }[] = (await staff('GET', `/vendor-applications/${row.id}`)).body.documents;
    // Both were uploaded in one submission: pick them by name, not by position.
    const permit = documents.find((d) => d.fileName === 'permit.pdf')!;
    const id = documents.find((d) => d.fileName === 'id.pdf')!;

    const noNote = await staff('PATCH', `/vendor-applications/${row.id}/documents/${permit.id}`, { status: 'declined' });
    expect(noNote.status).toBe(422);
    expect(noNote.body.error.fields[0].field).toBe('statusNote');
    const declined = await staff('PATCH', `/vendor-applications/${row.id}/documents/${permit.id}`, {
      status: 'declined',
      statusNote: 'The permit has expired',
    });
    expect(declined.body).toMatchObject({ status: 'declined', statusNote: 'The permit has expired' });
    const valid = await staff('PATCH', `/vendor-applications/${row.id}/documents/${id.id}`, { status: 'valid', expiresOn: '2031-05-01' });
    expect(valid.body).toMatchObject({ status: 'valid', expiresOn: '2031-05-01', statusNote: null });
    const reviews = (await eventsOf(row.id)).filter((e) => e.kind === 'document_review');
    expect(reviews.map((e) => [e.visibleToApplicant, e.message])).toEqual([
      [true, 'permit.pdf: The permit has expired'],
      [false, 'id.pdf: valid'],
    ]);
    expect((await otherOrg('PATCH', `/vendor-applications/${row.id}/documents/${permit.id}`, { status: 'valid' })).status).toBe(404);

    const link = await staff('GET', `/vendor-applications/${row.id}/documents/${permit.id}/url`);
    expect(link.body).toMatchObject({ expiresIn: 300, mimeType: 'application/pdf' });
    const file = await t.app.inject({ url: link.body.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The second document's file was never stored.
    expect((await staff('GET', `/vendor-applications/${row.id}/documents/${id.id}/url`)).status).toBe(404);
    expect((await otherOrg('GET', `/vendor-applications/${row.id}/documents/${permit.id}/url`)).status).toBe(404);
  });

  it('applies a bulk action to each application on its own and reports the failures', async () => {
    const a = await createApplication(t.app, orgA.id);
    const b = await createApplication(t.app, orgA.id, { status: 'approved' });
    const c = await createApplication(t.app, orgA.id, { status: 'under_review' });
    const foreign = await createApplication(t.app, orgB.id);
    const noReason = await staff('POST', '/vendor-applications/bulk', { ids: [a.row.id], action: 'reject' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.fields[0].field).toBe('reason');
    const res = await staff('POST', '/vendor-applications/bulk', {
      ids: [a.row.id, b.row.id, c.row.id, foreign.row.id],
      action: 'reject',
      reason: 'The market is full',
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: a.row.id, ok: true, status: 'rejected', error: null },
      { id: b.row.id, ok: false, status: 'approved', error: 'An application that is approved cannot be rejected.' },
      { id: c.row.id, ok: true, status: 'rejected', error: null },
      { id: foreign.row.id, ok: false, status: null, error: 'Application not found' },
    ]);
    const [stored] = await t.app.ctx.db.select().from(vendorApplications).where(eq(vendorApplications.id, a.row.id));
    expect(stored!.decisionReason).toBe('The market is full');
    const [untouched] = await t.app.ctx.db.select().from(vendorApplications).where(eq(vendorApplications.id, foreign.row.id));
    expect(untouched!.status).toBe('submitted');
    const wait = await staff('POST', '/vendor-applications/bulk', {
      ids: [b.row.id, (await createApplication(t.app, orgA.id)).row.id],
      action: 'waitlist',
    });
    expect(wait.body.results.map((r: { ok: boolean }) => r.ok)).toEqual([false, true]);
  });
});

describe(`applications: the review queue (${driver})`, () => {
  it('filters by status, category, market day, submitted dates and search, counting per status under the other filters', async () => {
    const org = await createOrg(t.app);
    const call = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'vendor_manager' }))));
    const food = await createCategory(t.app, org.id, { nameEn: 'Food' });
    const crafts = await createCategory(t.app, org.id, { nameEn: 'Crafts' });
    const day = await createMarketDay(t.app, org.id);
    const at = (d: string) => new Date(`${d}T10:00:00Z`);
    const mk = (o: Parameters<typeof createApplication>[2]) => createApplication(t.app, org.id, o).then((r) => r.row);
    const olive = await mk({
      applicantName: 'Olive 100% Grove',
      email: 'olive@example.test',
      categoryIds: [food.id],
      marketDayIds: [day.id],
      documents: [{ docType: 'food_hygiene' }, { docType: 'other' }],
      submittedAt: at('2030-03-01'),
    });
    const bread = await mk({
      applicantName: 'Bread Corner',
      contactName: 'Samira Haddad',
      categoryIds: [food.id],
      status: 'under_review',
      submittedAt: at('2030-03-05'),
    });
    const pots = await mk({
      applicantName: 'Pots and Pans',
      categoryIds: [crafts.id],
      marketDayIds: [day.id],
      status: 'rejected',
      submittedAt: at('2030-03-10'),
    });
    await createApplication(t.app, org.id, { stream: 'junior_vendor', applicantName: 'Junior Lemonade' });
    await createApplication(t.app, orgB.id, { applicantName: 'Olive of another org' });
    const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

    const all = await call('GET', '/vendor-applications?stream=market_vendor');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([pots.id, bread.id, olive.id]);
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.body.counts).toEqual({
      submitted: 1,
      under_review: 1,
      info_requested: 0,
      approved: 0,
      waitlisted: 0,
      rejected: 1,
      withdrawn: 0,
    });
    expect(all.body.items[2]).toMatchObject({
      applicantName: 'Olive 100% Grove',
      categories: [{ id: food.id, nameEn: 'Food' }],
      marketDayCount: 1,
      documentCount: 2,
      averageScore: null,
      scoreCount: 0,
    });
    expect(all.body.items[1]).toMatchObject({ applicantName: 'Bread Corner', marketDayCount: 0, documentCount: 0 });

    const status = await call('GET', '/vendor-applications?stream=market_vendor&status=under_review');
    expect(ids(status.body)).toEqual([bread.id]);
    expect(status.body.total).toBe(1);
    expect(status.body.counts).toEqual(all.body.counts);
    const cat = await call('GET', `/vendor-applications?stream=market_vendor&categoryId=${food.id}`);
    expect(ids(cat.body)).toEqual([bread.id, olive.id]);
    expect(cat.body.counts).toMatchObject({ submitted: 1, under_review: 1, rejected: 0 });
    expect(ids((await call('GET', `/vendor-applications?stream=market_vendor&marketDayId=${day.id}`)).body)).toEqual([pots.id, olive.id]);
    const dates = await call('GET', '/vendor-applications?stream=market_vendor&submittedFrom=2030-03-05&submittedTo=2030-03-10');
    expect(ids(dates.body)).toEqual([pots.id, bread.id]);
    expect(ids((await call('GET', '/vendor-applications?stream=market_vendor&submittedTo=2030-03-01')).body)).toEqual([olive.id]);
    // Search: name, contact name and e-mail; % and _ are matched literally.
    expect(ids((await call('GET', '/vendor-applications?stream=market_vendor&q=100%25')).body)).toEqual([olive.id]);
    expect(ids((await call('GET', '/vendor-applications?stream=market_vendor&q=%25')).body)).toEqual([olive.id]);
    expect(ids((await call('GET', '/vendor-applications?stream=market_vendor&q=samira')).body)).toEqual([bread.id]);
    expect(ids((await call('GET', '/vendor-applications?stream=market_vendor&q=OLIVE%40example')).body)).toEqual([olive.id]);
    expect((await call('GET', '/vendor-applications?stream=market_vendor&q=_')).body.total).toBe(0);

    expect(ids((await call('GET', '/vendor-applications?stream=market_vendor&sort=oldest')).body)).toEqual([olive.id, bread.id, pots.id]);
    expect(ids((await call('GET', '/vendor-applications?stream=market_vendor&sort=name')).body)).toEqual([bread.id, olive.id, pots.id]);
    const paged = await call('GET', '/vendor-applications?stream=market_vendor&sort=name&pageSize=2&page=2');
    expect(paged.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(paged.body)).toEqual([pots.id]);
    await call('PUT', `/vendor-applications/${pots.id}/score`, { score: 5 });
    await call('PUT', `/vendor-applications/${olive.id}/score`, { score: 2 });
    const byScore = await call('GET', '/vendor-applications?stream=market_vendor&sort=score');
    expect(ids(byScore.body)).toEqual([pots.id, olive.id, bread.id]);
    expect(byScore.body.items.map((i: { averageScore: number | null }) => i.averageScore)).toEqual([5, 2, null]);

    expect(ids((await call('GET', '/vendor-applications?stream=junior_vendor')).body)).toHaveLength(1);
    expect((await call('GET', '/vendor-applications')).status).toBe(422);
    expect((await call('GET', '/vendor-applications?stream=market_vendor&submittedFrom=2030-13-01')).status).toBe(422);
  });
});
