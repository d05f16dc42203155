import {
  DUPLICATE_WINDOW_HOURS,
  JUNIOR_MAX_AGE,
  JUNIOR_MIN_AGE,
  PUBLIC_FORM_LIMIT,
  PUBLIC_FORM_WINDOW_SECONDS,
  FINAL_APPLICATION_STATUSES,
  type ApplicationSubmission,
} from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { sendApplicantEmail } from './applications.emails.js';
import { countHit, hitIn } from './applications.flood.js';
import { applicationsTuning, checkFormToken } from './applications.form-token.js';
import * as repo from './applications.public.repository.js';
import { dateOf, openDays, resolveOrg } from './applications.public.service.js';
import { insertEvent, newStatusToken, statusTokenOf, type ApplicationActor, type ApplicationRow } from './applications.records.js';
import { ageOn } from './applications.rules.js';
import { attachDocuments, checkDocuments, type CheckedDocument } from './applications.uploads.js';

const RECEIVED = { received: true } as const;

/** Reminders with the status link per application and day: enough for someone who lost it, too few to flood a mailbox. */
export const REMINDER_LIMIT = 3;

/** The parts of a submission the answers' checks read; an edit from the status link has them too. */
export type Answered = ApplicationSubmission extends infer U
  ? U extends ApplicationSubmission
    ? Pick<U, 'stream' | 'answers' | 'locale'>
    : never
  : never;

export const validationFailed = (fields: FieldError[]) =>
  new AppError(422, 'validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);

export interface Checked {
  categoryIds: string[];
  marketDayIds: string[];
  documents: CheckedDocument[];
}

/** The rules the schema cannot know: this organization's categories, days, uploads and the junior age. */
export async function checkAnswers(ctx: AppContext, tx: Tx, orgId: string, s: Answered, earlier: ApplicationRow | null): Promise<Checked> {
  const a = s.answers;
  const today = dateOf(applicationsTuning(ctx).now());
  const problems: FieldError[] = [];
  const categories: repo.CategoryRow[] = [];
  if (s.stream !== 'workshop') {
    const active = new Map((await repo.activeCategories(tx, orgId)).map((c) => [c.id, c]));
    s.answers.categoryIds.forEach((id, i) => {
      const c = active.get(id);
      if (!c) problems.push({ field: `answers.categoryIds.${i}`, message: 'is not a category this market takes applications for' });
      else if (!categories.includes(c)) categories.push(c);
    });
  }
  const marketDayIds = [...new Set(a.marketDayIds)];
  const open = new Set((await openDays(ctx, tx, orgId, marketDayIds)).map((d) => d.id));
  a.marketDayIds.forEach((id, i) => {
    if (!open.has(id)) problems.push({ field: `answers.marketDayIds.${i}`, message: 'is not a market day open for applications' });
  });
  const refs = a.documents ?? [];
  const checked = await checkDocuments(tx, orgId, refs, 'answers.documents', today, earlier?.id ?? null);
  problems.push(...checked.problems);
  const held = earlier ? (await repo.documentsOf(tx, earlier.id)).map((d) => d.docType) : [];
  const have = new Set<string>([...checked.documents.map((d) => d.ref.docType), ...held]);
  for (const c of categories) {
    for (const type of c.requiredDocumentTypes) {
      if (!have.has(type)) problems.push({ field: 'answers.documents', message: `${c.nameEn} needs a ${type} document` });
    }
  }
  if (s.stream === 'junior_vendor') {
    const age = ageOn(s.answers.dateOfBirth, today);
    if (age < JUNIOR_MIN_AGE || age > JUNIOR_MAX_AGE) {
      problems.push({
        field: 'answers.dateOfBirth',
        message: `a junior vendor must be ${JUNIOR_MIN_AGE} to ${JUNIOR_MAX_AGE} years old today${age >= 0 ? ` (this date gives ${age})` : ''}`,
      });
    }
  }
  if (problems.length) throw validationFailed(problems);
  return { categoryIds: categories.map((c) => c.id), marketDayIds, documents: checked.documents };
}

/** The row columns a submission sets: the queue's name, contact, stall and the answers without upload ids. */
export function columnsOf(s: Answered) {
  const { documents: _uploads, ...answers } = s.answers;
  const common = { email: s.answers.email, locale: s.locale, phone: s.answers.phone, answers: answers as Record<string, unknown> };
  if (s.stream === 'workshop')
    return { ...common, applicantName: s.answers.hostName, contactName: s.answers.contactName ?? null, stallSize: null, power: null };
  return {
    ...common,
    applicantName: s.answers.businessName,
    contactName: s.answers.contactName,
    stallSize: s.answers.stallSize,
    power: s.answers.power,
  };
}

export const summary = (r: Pick<ApplicationRow, 'stream' | 'status' | 'email' | 'applicantName' | 'contactName' | 'locale'>) => ({
  stream: r.stream,
  status: r.status,
  email: r.email,
  applicantName: r.applicantName,
  contactName: r.contactName,
  locale: r.locale,
});

async function create(
  ctx: AppContext,
  tx: Tx,
  org: repo.OrgRow,
  s: ApplicationSubmission,
  checked: Checked,
  actor: ApplicationActor,
): Promise<void> {
  const now = new Date(applicationsTuning(ctx).now());
  const token = newStatusToken(ctx);
  const row = await repo.insertApplication(tx, {
    orgId: org.id,
    stream: s.stream,
    status: 'submitted',
    ...columnsOf(s),
    statusTokenHash: token.hash,
    statusTokenSealed: token.sealed,
    submittedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await repo.replaceChoices(tx, row, checked.categoryIds, checked.marketDayIds);
  await attachDocuments(tx, row, checked.documents);
  await insertEvent(tx, row, actor, {
    kind: 'submitted',
    fromStatus: null,
    toStatus: 'submitted',
    message: null,
    visibleToApplicant: true,
  });
  await recordAudit(
    tx,
    { userId: null, orgId: org.id, ip: actor.type === 'applicant' ? actor.ip : null },
    { action: 'application.submitted', entityType: 'vendor_application', entityId: row.id, after: summary(row) },
  );
  await sendApplicantEmail(ctx, tx, 'received', {
    orgId: org.id,
    organizationName: org.name,
    organizationSlug: org.slug,
    to: row.email,
    locale: s.locale,
    stream: s.stream,
    name: row.contactName ?? row.applicantName,
    token: token.token,
  });
}

/**
 * The same address sent the same form again while its application is open. Nothing of the new
 * answers is kept and the first application is not touched: whoever knows an address must not be able
 * to change that person's application. The mailbox owner gets the status link again, in their own
 * language, so a real applicant who lost it can go on from there (a few times a day at most).
 */
async function remind(ctx: AppContext, tx: Tx, org: repo.OrgRow, earlier: ApplicationRow): Promise<void> {
  const wait = await hitIn(ctx, tx, { key: `remind:${earlier.id}`, limit: REMINDER_LIMIT, windowSeconds: DUPLICATE_WINDOW_HOURS * 3600 });
  if (wait > 0) return;
  await sendApplicantEmail(ctx, tx, 'duplicate', {
    orgId: org.id,
    organizationName: org.name,
    organizationSlug: org.slug,
    to: earlier.email,
    locale: earlier.locale as ApplicationSubmission['locale'],
    stream: earlier.stream,
    name: '',
    token: statusTokenOf(ctx, earlier),
  });
}

/**
 * A public submission. The answer is the same whether it was stored, answered with a reminder for
 * the address's open application or dropped as a bot's (honeypot filled, form sent back too fast), so
 * neither a bot nor someone probing an address learns anything; every well-formed submission counts
 * against the client address's flood limit first.
 */
export async function submitApplication(ctx: AppContext, s: ApplicationSubmission, ip: string): Promise<typeof RECEIVED> {
  await countHit(ctx, { key: `apply:${ip}`, limit: PUBLIC_FORM_LIMIT, windowSeconds: PUBLIC_FORM_WINDOW_SECONDS, what: 'applications' });
  if (s.fax && s.fax.trim() !== '') return RECEIVED;
  const org = await resolveOrg(ctx.db, s.org);
  if (checkFormToken(ctx, s.formToken, org.id, s.stream).tooFast) return RECEIVED;
  const actor: ApplicationActor = { type: 'applicant', ip };
  const email = s.answers.email;
  await ctx.db.transaction(async (tx) => {
    await repo.lockApplicant(tx, org.id, s.stream, email);
    const since = new Date(applicationsTuning(ctx).now() - DUPLICATE_WINDOW_HOURS * 3600 * 1000);
    const recent = await repo.lockRecentApplication(tx, org.id, s.stream, email, since);
    // Checked as a fresh submission either way, so a refusal cannot tell whether the address applied.
    const checked = await checkAnswers(ctx, tx, org.id, s, null);
    if (recent && !FINAL_APPLICATION_STATUSES.includes(recent.status)) await remind(ctx, tx, org, recent);
    else await create(ctx, tx, org, s, checked, actor);
  });
  return RECEIVED;
}
