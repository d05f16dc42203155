import type { ApplicationStatus, ApplicationStream } from '@market/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  applicationEmailTemplates,
  applicationSettings,
  marketCategories,
  marketDays,
  marketLocations,
  profiles,
  users,
  vendorApplicationCategories,
  vendorApplicationDocuments,
  vendorApplicationEvents,
  vendorApplicationMarketDays,
  vendorApplications,
  vendorApplicationScores,
  workshops,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/like-pattern.js';
import { addDays } from '../../lib/dates.js';
import type { ApplicationRow } from './applications.records.js';

// Inside a correlated subquery Drizzle writes a column unqualified ("id"), which a joined table with its own
// id would capture; the outer application's id is therefore named with its table.
const APP_ID = sql.raw('"vendor_applications"."id"');

export type DocumentRow = typeof vendorApplicationDocuments.$inferSelect;
export type ScoreRow = { reviewerId: string; reviewerName: string | null; score: number; comment: string | null; updatedAt: Date };
export type SettingsRow = { blindReview: boolean; workshopsPerMarketDay: number };

/** What an organization without a settings row gets (the table's column defaults). */
export const DEFAULT_SETTINGS: SettingsRow = { blindReview: false, workshopsPerMarketDay: 2 };

export interface ListFilters {
  stream: ApplicationStream;
  status?: ApplicationStatus;
  categoryId?: string;
  marketDayId?: string;
  submittedFrom?: string;
  submittedTo?: string;
  q?: string;
}

/** Name of a staff user as the history and the scores show it: profile name, else e-mail. */
const staffName = sql<string | null>`coalesce(${profiles.fullName}, ${users.email})`;

function conditions(orgId: string, f: ListFilters, withStatus: boolean): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(vendorApplications.orgId, orgId), eq(vendorApplications.stream, f.stream)];
  if (withStatus && f.status) conds.push(eq(vendorApplications.status, f.status));
  if (f.categoryId) {
    conds.push(
      sql`exists (select 1 from ${vendorApplicationCategories} c where c.application_id = ${APP_ID} and c.category_id = ${f.categoryId})`,
    );
  }
  if (f.marketDayId) {
    conds.push(
      sql`exists (select 1 from ${vendorApplicationMarketDays} d where d.application_id = ${APP_ID} and d.market_day_id = ${f.marketDayId})`,
    );
  }
  // Calendar days are UTC days, as everywhere else on the server; both ends are inclusive.
  if (f.submittedFrom) conds.push(gte(vendorApplications.submittedAt, new Date(`${f.submittedFrom}T00:00:00Z`)));
  if (f.submittedTo) conds.push(lt(vendorApplications.submittedAt, new Date(`${addDays(f.submittedTo, 1)}T00:00:00Z`)));
  if (f.q) {
    const p = likePattern(f.q);
    conds.push(
      or(ilike(vendorApplications.applicantName, p), ilike(vendorApplications.contactName, p), ilike(vendorApplications.email, p)),
    );
  }
  return and(...conds);
}

/**
 * The average score the caller may see: under blind review only once they scored the application
 * themselves, so neither the value nor the score sort order gives the others' opinion away.
 */
function visibleAverage(userId: string, blind: boolean): SQL<number | null> {
  const avg = sql`(select avg(s.score)::float8 from ${vendorApplicationScores} s where s.application_id = ${APP_ID})`;
  if (!blind) return sql<number | null>`${avg}`;
  return sql<
    number | null
  >`case when exists (select 1 from ${vendorApplicationScores} s where s.application_id = ${APP_ID} and s.reviewer_id = ${userId}) then ${avg} end`;
}

export interface ListOptions {
  sort: 'newest' | 'oldest' | 'name' | 'score';
  limit: number;
  offset: number;
  userId: string;
  blind: boolean;
}

export async function listApplications(db: DbOrTx, orgId: string, f: ListFilters, o: ListOptions) {
  const avg = visibleAverage(o.userId, o.blind);
  const order = {
    newest: [desc(vendorApplications.submittedAt)],
    oldest: [asc(vendorApplications.submittedAt)],
    name: [asc(sql`lower(${vendorApplications.applicantName})`)],
    score: [sql`${avg} desc nulls last`, desc(vendorApplications.submittedAt)],
  }[o.sort];
  const rows = await db
    .select({
      row: vendorApplications,
      averageScore: avg,
      scoreCount: sql<number>`(select count(*)::int from ${vendorApplicationScores} s where s.application_id = ${APP_ID})`,
      marketDayCount: sql<number>`(select count(*)::int from ${vendorApplicationMarketDays} d where d.application_id = ${APP_ID})`,
      documentCount: sql<number>`(select count(*)::int from ${vendorApplicationDocuments} d where d.application_id = ${APP_ID})`,
    })
    .from(vendorApplications)
    .where(conditions(orgId, f, true))
    .orderBy(...order, asc(vendorApplications.id))
    .limit(o.limit)
    .offset(o.offset);
  return rows;
}

/** Applications per status under every filter but the status one. */
export async function countByStatus(db: DbOrTx, orgId: string, f: ListFilters): Promise<{ status: ApplicationStatus; n: number }[]> {
  return db
    .select({ status: vendorApplications.status, n: sql<number>`count(*)::int` })
    .from(vendorApplications)
    .where(conditions(orgId, f, false))
    .groupBy(vendorApplications.status);
}

export async function findApplication(db: DbOrTx, orgId: string, id: string): Promise<ApplicationRow | null> {
  return (
    (
      await db
        .select()
        .from(vendorApplications)
        .where(and(eq(vendorApplications.orgId, orgId), eq(vendorApplications.id, id)))
        .limit(1)
    )[0] ?? null
  );
}

export function categoriesOf(db: DbOrTx, applicationIds: string[]) {
  if (!applicationIds.length) return Promise.resolve([]);
  return db
    .select({
      applicationId: vendorApplicationCategories.applicationId,
      id: marketCategories.id,
      nameEn: marketCategories.nameEn,
      nameAr: marketCategories.nameAr,
      colour: marketCategories.colour,
      requiredDocumentTypes: marketCategories.requiredDocumentTypes,
    })
    .from(vendorApplicationCategories)
    .innerJoin(marketCategories, eq(marketCategories.id, vendorApplicationCategories.categoryId))
    .where(inArray(vendorApplicationCategories.applicationId, applicationIds))
    .orderBy(asc(sql`lower(${marketCategories.nameEn})`));
}

export type ApplicationDayRow = { id: string; date: string; status: string; locationName: string };

export function marketDaysOf(db: DbOrTx, applicationId: string): Promise<ApplicationDayRow[]> {
  return db
    .select({ id: marketDays.id, date: marketDays.date, status: marketDays.status, locationName: marketLocations.nameEn })
    .from(vendorApplicationMarketDays)
    .innerJoin(marketDays, eq(marketDays.id, vendorApplicationMarketDays.marketDayId))
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .where(eq(vendorApplicationMarketDays.applicationId, applicationId))
    .orderBy(asc(marketDays.date), asc(marketDays.id));
}

export function documentsOf(db: DbOrTx, applicationId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(vendorApplicationDocuments)
    .where(eq(vendorApplicationDocuments.applicationId, applicationId))
    .orderBy(asc(vendorApplicationDocuments.createdAt), asc(vendorApplicationDocuments.fileName), asc(vendorApplicationDocuments.id));
}

export async function findDocument(db: DbOrTx, orgId: string, applicationId: string, id: string): Promise<DocumentRow | null> {
  const rows = await db
    .select()
    .from(vendorApplicationDocuments)
    .where(
      and(
        eq(vendorApplicationDocuments.orgId, orgId),
        eq(vendorApplicationDocuments.applicationId, applicationId),
        eq(vendorApplicationDocuments.id, id),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function updateDocument(
  db: DbOrTx,
  id: string,
  values: Partial<typeof vendorApplicationDocuments.$inferInsert>,
): Promise<DocumentRow> {
  return (
    await db
      .update(vendorApplicationDocuments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(vendorApplicationDocuments.id, id))
      .returning()
  )[0]!;
}

export function eventsOf(db: DbOrTx, applicationId: string) {
  return db
    .select({ event: vendorApplicationEvents, actorName: staffName })
    .from(vendorApplicationEvents)
    .leftJoin(users, eq(users.id, vendorApplicationEvents.actorId))
    .leftJoin(profiles, eq(profiles.userId, vendorApplicationEvents.actorId))
    .where(eq(vendorApplicationEvents.applicationId, applicationId))
    .orderBy(asc(vendorApplicationEvents.createdAt), asc(vendorApplicationEvents.id));
}

export function scoresOf(db: DbOrTx, applicationId: string): Promise<ScoreRow[]> {
  return db
    .select({
      reviewerId: vendorApplicationScores.reviewerId,
      reviewerName: staffName,
      score: vendorApplicationScores.score,
      comment: vendorApplicationScores.comment,
      updatedAt: vendorApplicationScores.updatedAt,
    })
    .from(vendorApplicationScores)
    .leftJoin(users, eq(users.id, vendorApplicationScores.reviewerId))
    .leftJoin(profiles, eq(profiles.userId, vendorApplicationScores.reviewerId))
    .where(eq(vendorApplicationScores.applicationId, applicationId))
    .orderBy(asc(vendorApplicationScores.createdAt));
}

export async function upsertScore(
  db: DbOrTx,
  v: { orgId: string; applicationId: string; reviewerId: string; score: number; comment: string | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(vendorApplicationScores)
    .values({ ...v, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [vendorApplicationScores.applicationId, vendorApplicationScores.reviewerId],
      set: { score: v.score, comment: v.comment, updatedAt: now },
    });
}

export async function touchApplication(db: DbOrTx, id: string): Promise<void> {
  await db.update(vendorApplications).set({ updatedAt: new Date() }).where(eq(vendorApplications.id, id));
}

export async function settingsOf(db: DbOrTx, orgId: string): Promise<SettingsRow & { updatedAt: Date | null }> {
  const [row] = await db
    .select({
      blindReview: applicationSettings.blindReview,
      workshopsPerMarketDay: applicationSettings.workshopsPerMarketDay,
      updatedAt: applicationSettings.updatedAt,
    })
    .from(applicationSettings)
    .where(eq(applicationSettings.orgId, orgId));
  return row ?? { ...DEFAULT_SETTINGS, updatedAt: null };
}

export async function upsertSettings(db: DbOrTx, orgId: string, v: SettingsRow): Promise<void> {
  const now = new Date();
  await db
    .insert(applicationSettings)
    .values({ orgId, ...v, updatedAt: now })
    .onConflictDoUpdate({ target: applicationSettings.orgId, set: { ...v, updatedAt: now } });
}

export async function workshopIdOf(db: DbOrTx, applicationId: string): Promise<string | null> {
  const [row] = await db.select({ id: workshops.id }).from(workshops).where(eq(workshops.applicationId, applicationId)).limit(1);
  return row?.id ?? null;
}

export type TemplateRow = typeof applicationEmailTemplates.$inferSelect;

export function templateRows(db: DbOrTx, orgId: string): Promise<TemplateRow[]> {
  return db.select().from(applicationEmailTemplates).where(eq(applicationEmailTemplates.orgId, orgId));
}

const templateOf = (orgId: string, templateKey: string, locale: string) =>
  and(
    eq(applicationEmailTemplates.orgId, orgId),
    eq(applicationEmailTemplates.templateKey, templateKey),
    eq(applicationEmailTemplates.locale, locale),
  );

/** The organization's wording of one e-mail, locked until the transaction ends; null while the built-in one is used. */
export async function lockTemplate(db: DbOrTx, orgId: string, templateKey: string, locale: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(applicationEmailTemplates)
    .where(templateOf(orgId, templateKey, locale))
    .limit(1)
    .for('update');
  return row ?? null;
}

type TemplateValues = { orgId: string; templateKey: string; locale: string; subject: string; body: string; updatedBy: string };

/** The first wording of an e-mail; null when another write created it meanwhile (the unique key decides, never the last writer). */
export async function insertTemplate(db: DbOrTx, v: TemplateValues): Promise<TemplateRow | null> {
  const [row] = await db
    .insert(applicationEmailTemplates)
    .values({ ...v, updatedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateTemplate(db: DbOrTx, v: TemplateValues): Promise<TemplateRow> {
  const [row] = await db
    .update(applicationEmailTemplates)
    .set({ subject: v.subject, body: v.body, updatedBy: v.updatedBy, updatedAt: new Date() })
    .where(templateOf(v.orgId, v.templateKey, v.locale))
    .returning();
  return row!;
}

export async function deleteTemplate(db: DbOrTx, orgId: string, templateKey: string, locale: string): Promise<TemplateRow | null> {
  const rows = await db
    .delete(applicationEmailTemplates)
    .where(templateOf(orgId, templateKey, locale))
    .returning();
  return rows[0] ?? null;
}
