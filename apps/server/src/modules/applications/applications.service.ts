import {
  APPLICATION_STATUSES,
  type ApplicationDetail,
  type ApplicationListQuery,
  type ApplicationPage,
  type ApplicationStatus,
} from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { staffActor, toDetail, toListItem } from './applications.mapping.js';
import {
  changeStatus,
  emailApplicant,
  insertEvent,
  lockApplication,
  type ApplicationRow,
  type StatusChange,
} from './applications.records.js';
import * as repo from './applications.repository.js';
import { workshopRows } from './applications.workshops.repository.js';

const DEFAULT_PAGE_SIZE = 25;

export async function listApplications(db: DbOrTx, caller: Caller, q: ApplicationListQuery): Promise<ApplicationPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: repo.ListFilters = {
    stream: q.stream,
    status: q.status,
    categoryId: q.categoryId,
    marketDayId: q.marketDayId,
    submittedFrom: q.submittedFrom,
    submittedTo: q.submittedTo,
    q: q.q || undefined,
  };
  const { blindReview } = await repo.settingsOf(db, caller.orgId);
  const rows = await repo.listApplications(db, caller.orgId, filters, {
    sort: q.sort ?? 'newest',
    limit: pageSize,
    offset: (page - 1) * pageSize,
    userId: caller.userId,
    blind: blindReview,
  });
  const categories = await repo.categoriesOf(
    db,
    rows.map((r) => r.row.id),
  );
  const counted = await repo.countByStatus(db, caller.orgId, filters);
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, counted.find((c) => c.status === s)?.n ?? 0])) as Record<
    ApplicationStatus,
    number
  >;
  const total = filters.status ? counts[filters.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  const items = rows.map((r) =>
    toListItem(
      r.row,
      r,
      categories.filter((c) => c.applicationId === r.row.id),
    ),
  );
  return { items, total, page, pageSize, counts };
}

/** The application page of the caller's organization; 404 for any other. */
export async function loadDetail(db: DbOrTx, caller: Pick<Caller, 'orgId' | 'userId'>, id: string): Promise<ApplicationDetail> {
  const a = await repo.findApplication(db, caller.orgId, id);
  if (!a) throw notFound('Application');
  // In parallel on a pool; a transaction's single connection (and PGlite) runs them in turn.
  const [categories, marketDays, documents, events, scores, { blindReview }, [workshop]] = await Promise.all([
    repo.categoriesOf(db, [id]),
    repo.marketDaysOf(db, id),
    repo.documentsOf(db, id),
    repo.eventsOf(db, id),
    repo.scoresOf(db, id),
    repo.settingsOf(db, caller.orgId),
    a.stream === 'workshop' ? workshopRows(db, caller.orgId, { applicationId: id }) : Promise.resolve([]),
  ]);
  return toDetail(a, caller.userId, { categories, marketDays, documents, events, scores, blind: blindReview, workshop: workshop ?? null });
}

/** A status change by staff: locked, checked, written with its history, audit and e-mail, in one transaction. */
export function transition(ctx: AppContext, caller: Caller, id: string, change: StatusChange): Promise<ApplicationRow> {
  return ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, caller.orgId, id);
    return changeStatus(ctx, tx, app, staffActor(caller), change);
  });
}

async function moveTo(ctx: AppContext, caller: Caller, id: string, change: StatusChange): Promise<ApplicationDetail> {
  await transition(ctx, caller, id, change);
  return loadDetail(ctx.db, caller, id);
}

export const startReview = (ctx: AppContext, caller: Caller, id: string) => moveTo(ctx, caller, id, { to: 'under_review' });

export const requestInfo = (ctx: AppContext, caller: Caller, id: string, message: string) =>
  moveTo(ctx, caller, id, { to: 'info_requested', kind: 'info_request', message: message.trim() });

export const waitlist = (ctx: AppContext, caller: Caller, id: string, message: string | null | undefined) =>
  moveTo(ctx, caller, id, { to: 'waitlisted', message: message?.trim() || null });

export const reject = (ctx: AppContext, caller: Caller, id: string, reason: string) =>
  moveTo(ctx, caller, id, { to: 'rejected', reason: reason.trim() });

/** A message to the applicant: history entry and e-mail, the status stays. */
export async function messageApplicant(ctx: AppContext, caller: Caller, id: string, message: string): Promise<ApplicationDetail> {
  const text = message.trim();
  await ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, caller.orgId, id);
    await insertEvent(tx, app, staffActor(caller), {
      kind: 'message',
      fromStatus: null,
      toStatus: null,
      message: text,
      visibleToApplicant: true,
    });
    await repo.touchApplication(tx, app.id);
    await recordAudit(tx, caller, {
      action: 'application.message',
      entityType: 'vendor_application',
      entityId: app.id,
      after: { message: text },
    });
    await emailApplicant(ctx, tx, app, 'message', { message: text });
  });
  return loadDetail(ctx.db, caller, id);
}

export async function score(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: { score: number; comment?: string | null },
): Promise<ApplicationDetail> {
  const comment = input.comment?.trim() || null;
  await ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, caller.orgId, id);
    const before = (await repo.scoresOf(tx, id)).find((s) => s.reviewerId === caller.userId);
    await repo.upsertScore(tx, { orgId: app.orgId, applicationId: id, reviewerId: caller.userId, score: input.score, comment });
    await recordAudit(tx, caller, {
      action: 'application.score',
      entityType: 'vendor_application',
      entityId: id,
      before: before ? { score: before.score, comment: before.comment } : null,
      after: {
        score: input.score,
        comment,
      },
    });
  });
  return loadDetail(ctx.db, caller, id);
}
