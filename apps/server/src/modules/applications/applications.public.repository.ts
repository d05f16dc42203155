import type { ApplicationStream } from '@market/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import {
  applicationUploads,
  marketCategories,
  marketDays,
  marketLocations,
  organizations,
  vendorApplicationCategories,
  vendorApplicationDocuments,
  vendorApplicationEvents,
  vendorApplicationMarketDays,
  vendorApplications,
} from '../../db/schema/index.js';

export type OrgRow = typeof organizations.$inferSelect;
export type CategoryRow = typeof marketCategories.$inferSelect;
export type UploadRow = typeof applicationUploads.$inferSelect;
export type ApplicationInsert = typeof vendorApplications.$inferInsert;
export type DocumentInsert = typeof vendorApplicationDocuments.$inferInsert;

export async function orgBySlug(db: DbOrTx, slug: string): Promise<OrgRow | null> {
  return (await db.select().from(organizations).where(eq(organizations.slug, slug)).limit(1))[0] ?? null;
}

export async function oldestOrg(db: DbOrTx): Promise<OrgRow | null> {
  return (await db.select().from(organizations).orderBy(asc(organizations.createdAt), asc(organizations.id)).limit(1))[0] ?? null;
}

export function activeCategories(db: DbOrTx, orgId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), eq(marketCategories.isActive, true)))
    .orderBy(asc(sql`lower(${marketCategories.nameEn})`), asc(marketCategories.id));
}

/** The most days a form offers; far more than a season. */
const MAX_OPEN_DAYS = 200;

/**
 * Market days an applicant may choose: published, dated today or later, and with the application
 * window open at `now` (a missing bound is open). `ids` narrows it to the days a submission names.
 */
export function openMarketDays(db: DbOrTx, orgId: string, today: string, now: Date, ids?: string[]) {
  return db
    .select({
      id: marketDays.id,
      date: marketDays.date,
      openTime: marketDays.openTime,
      closeTime: marketDays.closeTime,
      applicationClosesAt: marketDays.applicationClosesAt,
      locationName: marketLocations.nameEn,
      locationNameAr: marketLocations.nameAr,
    })
    .from(marketDays)
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .where(
      and(
        eq(marketDays.orgId, orgId),
        eq(marketDays.status, 'published'),
        gte(marketDays.date, today),
        or(isNull(marketDays.applicationOpensAt), lte(marketDays.applicationOpensAt, now)),
        or(isNull(marketDays.applicationClosesAt), gte(marketDays.applicationClosesAt, now)),
        ids ? inArray(marketDays.id, ids) : undefined,
      ),
    )
    .orderBy(asc(marketDays.date), asc(marketDays.openTime), asc(marketDays.id))
    .limit(ids ? ids.length : MAX_OPEN_DAYS);
}

/** Uploads by id, locked until the transaction ends so two submissions cannot both claim one. */
export function lockUploads(tx: DbOrTx, ids: string[]): Promise<UploadRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return tx.select().from(applicationUploads).where(inArray(applicationUploads.id, ids)).for('update');
}

export async function claimUploads(tx: DbOrTx, ids: string[], applicationId: string): Promise<void> {
  if (ids.length) await tx.update(applicationUploads).set({ applicationId }).where(inArray(applicationUploads.id, ids));
}

export async function insertUpload(db: DbOrTx, row: typeof applicationUploads.$inferInsert): Promise<UploadRow> {
  return (await db.insert(applicationUploads).values(row).returning())[0]!;
}

/** The latest application of the address and stream submitted since `since`, locked. */
export async function lockRecentApplication(tx: DbOrTx, orgId: string, stream: ApplicationStream, email: string, since: Date) {
  const [row] = await tx
    .select()
    .from(vendorApplications)
    .where(
      and(
        eq(vendorApplications.orgId, orgId),
        eq(vendorApplications.stream, stream),
        eq(vendorApplications.email, email),
        gte(vendorApplications.submittedAt, since),
      ),
    )
    .orderBy(desc(vendorApplications.submittedAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertApplication(tx: DbOrTx, row: ApplicationInsert) {
  return (await tx.insert(vendorApplications).values(row).returning())[0]!;
}

export async function updateApplication(tx: DbOrTx, id: string, patch: Partial<ApplicationInsert>) {
  return (await tx.update(vendorApplications).set(patch).where(eq(vendorApplications.id, id)).returning())[0]!;
}

/** Replaces the categories and market days an application names. */
export async function replaceChoices(
  tx: DbOrTx,
  app: { id: string; orgId: string },
  categoryIds: string[],
  marketDayIds: string[],
): Promise<void> {
  await tx.delete(vendorApplicationCategories).where(eq(vendorApplicationCategories.applicationId, app.id));
  await tx.delete(vendorApplicationMarketDays).where(eq(vendorApplicationMarketDays.applicationId, app.id));
  if (categoryIds.length) {
    await tx
      .insert(vendorApplicationCategories)
      .values(categoryIds.map((categoryId) => ({ orgId: app.orgId, applicationId: app.id, categoryId })));
  }
  if (marketDayIds.length) {
    await tx
      .insert(vendorApplicationMarketDays)
      .values(marketDayIds.map((marketDayId) => ({ orgId: app.orgId, applicationId: app.id, marketDayId })));
  }
}

export async function insertDocuments(tx: DbOrTx, rows: DocumentInsert[]): Promise<void> {
  if (rows.length) await tx.insert(vendorApplicationDocuments).values(rows);
}

export function documentsOf(db: DbOrTx, applicationId: string) {
  return db
    .select()
    .from(vendorApplicationDocuments)
    .where(eq(vendorApplicationDocuments.applicationId, applicationId))
    .orderBy(asc(vendorApplicationDocuments.createdAt), asc(vendorApplicationDocuments.fileName));
}

export function categoriesOf(db: DbOrTx, applicationId: string) {
  return db
    .select({ nameEn: marketCategories.nameEn, nameAr: marketCategories.nameAr })
    .from(vendorApplicationCategories)
    .innerJoin(marketCategories, eq(marketCategories.id, vendorApplicationCategories.categoryId))
    .where(eq(vendorApplicationCategories.applicationId, applicationId))
    .orderBy(asc(sql`lower(${marketCategories.nameEn})`));
}

export function marketDaysOf(db: DbOrTx, applicationId: string) {
  return db
    .select({ date: marketDays.date, locationName: marketLocations.nameEn, locationNameAr: marketLocations.nameAr })
    .from(vendorApplicationMarketDays)
    .innerJoin(marketDays, eq(marketDays.id, vendorApplicationMarketDays.marketDayId))
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .where(eq(vendorApplicationMarketDays.applicationId, applicationId))
    .orderBy(asc(marketDays.date), asc(marketDays.openTime));
}

/** The history entries the applicant may see, oldest first. */
export function visibleEvents(db: DbOrTx, applicationId: string) {
  return db
    .select()
    .from(vendorApplicationEvents)
    .where(and(eq(vendorApplicationEvents.applicationId, applicationId), eq(vendorApplicationEvents.visibleToApplicant, true)))
    .orderBy(asc(vendorApplicationEvents.createdAt), asc(vendorApplicationEvents.id));
}

/** Serialises submissions of one address and stream, so two parallel ones cannot both create an application. */
export async function lockApplicant(tx: DbOrTx, orgId: string, stream: string, email: string): Promise<void> {
  await lockKey(tx, `application:${orgId}:${stream}:${email}`);
}
