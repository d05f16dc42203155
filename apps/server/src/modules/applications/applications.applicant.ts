import type { ApplicantView, ApplicationDocumentRef, ApplicationLocale } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';
import { applicationsTuning } from './applications.form-token.js';
import * as repo from './applications.public.repository.js';
import { dateOf } from './applications.public.service.js';
import {
  changeStatus,
  findByToken,
  lockApplication,
  organizationOf,
  type ApplicationActor,
  type ApplicationRow,
} from './applications.records.js';
import { applicantCanEdit, applicantCanRespond, applicantCanWithdraw } from './applications.rules.js';
import { validationFailed } from './applications.submit.js';
import { attachDocuments, checkDocuments } from './applications.uploads.js';

const linkNotValid = () => new AppError(404, 'not_found', 'This status link is not valid or has expired');

/** What the applicant sees: no staff notes, no staff names, no internal ids beyond their documents'. */
export async function applicantView(db: DbOrTx, app: ApplicationRow): Promise<ApplicantView> {
  const [organization, categories, marketDays, documents, events] = await Promise.all([
    organizationOf(db, app.orgId),
    repo.categoriesOf(db, app.id),
    repo.marketDaysOf(db, app.id),
    repo.documentsOf(db, app.id),
    repo.visibleEvents(db, app.id),
  ]);
  return {
    stream: app.stream,
    status: app.status,
    organizationName: organization.name,
    organizationSlug: organization.slug,
    applicantName: app.applicantName,
    email: app.email,
    locale: app.locale as ApplicationLocale,
    submittedAt: app.submittedAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
    decisionReason: app.decisionReason,
    categories,
    marketDays,
    documents: documents.map((d) => ({ id: d.id, fileName: d.fileName, docType: d.docType, status: d.status, statusNote: d.statusNote })),
    history: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actorType: e.actorType,
      actorName: null,
      message: e.message,
      visibleToApplicant: e.visibleToApplicant,
      createdAt: e.createdAt.toISOString(),
    })),
    canRespond: applicantCanRespond(app.status),
    canWithdraw: applicantCanWithdraw(app.status),
    canEdit: applicantCanEdit(app.status),
    answers: app.answers as Record<string, unknown>,
  };
}

export async function applicationStatus(ctx: AppContext, token: string): Promise<ApplicantView> {
  const app = await findByToken(ctx.db, token);
  if (!app) throw linkNotValid();
  return applicantView(ctx.db, app);
}

/** Runs a change of the applicant's own application, locked, in one transaction; answers the new view. */
async function asApplicant(
  ctx: AppContext,
  token: string,
  change: (tx: Tx, app: ApplicationRow) => Promise<ApplicationRow>,
): Promise<ApplicantView> {
  const found = await findByToken(ctx.db, token);
  if (!found) throw linkNotValid();
  const updated = await ctx.db.transaction(async (tx) => change(tx, await lockApplication(tx, found.orgId, found.id)));
  return applicantView(ctx.db, updated);
}

/** The applicant answers a request for information (text and files); the application goes back to review. */
export function respond(
  ctx: AppContext,
  token: string,
  input: { message: string; documents?: ApplicationDocumentRef[] },
  ip: string,
): Promise<ApplicantView> {
  const actor: ApplicationActor = { type: 'applicant', ip };
  return asApplicant(ctx, token, async (tx, app) => {
    if (!applicantCanRespond(app.status)) {
      throw conflict('This application is not waiting for information from you, so there is nothing to answer.');
    }
    const today = dateOf(applicationsTuning(ctx).now());
    const checked = await checkDocuments(tx, app.orgId, input.documents ?? [], 'documents', today, app.id);
    if (checked.problems.length) throw validationFailed(checked.problems);
    await attachDocuments(tx, app, checked.documents);
    return changeStatus(ctx, tx, app, actor, { to: 'under_review', kind: 'info_response', message: input.message, email: false });
  });
}

/** The applicant withdraws an application that is not decided yet (409 in words once it is). */
export function withdraw(ctx: AppContext, token: string, reason: string | null | undefined, ip: string): Promise<ApplicantView> {
  const actor: ApplicationActor = { type: 'applicant', ip };
  return asApplicant(ctx, token, (tx, app) => changeStatus(ctx, tx, app, actor, { to: 'withdrawn', reason: reason ?? null }));
}
