import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  marketAssignments,
  marketCategories,
  marketDayRequests,
  marketDays,
  marketLocations,
  marketSlots,
  vendors,
} from '../../db/schema/index.js';

export type AssignmentRow = typeof marketAssignments.$inferSelect;
export type AssignmentInsert = typeof marketAssignments.$inferInsert;
export type SlotRow = typeof marketSlots.$inferSelect;

export const HOLDING = ['confirmed', 'checked_in'] as const;

const listColumns = {
  assignment: marketAssignments,
  date: marketDays.date,
  dayStatus: marketDays.status,
  setupTime: marketDays.setupTime,
  openTime: marketDays.openTime,
  closeTime: marketDays.closeTime,
  locationId: marketDays.locationId,
  locationNameEn: marketLocations.nameEn,
  locationNameAr: marketLocations.nameAr,
  slotCode: marketSlots.code,
  slotZone: marketSlots.zone,
  slotWidthM: marketSlots.widthM,
  slotDepthM: marketSlots.depthM,
  slotPower: marketSlots.power,
  vendorName: vendors.publicName,
  vendorEmail: vendors.email,
  categoryNameEn: marketCategories.nameEn,
  categoryNameAr: marketCategories.nameAr,
  categoryColour: marketCategories.colour,
  acceptedAt: marketDayRequests.acceptedAt,
};

function selectAssignments(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select(listColumns)
    .from(marketAssignments)
    .innerJoin(marketDays, eq(marketDays.id, marketAssignments.marketDayId))
    .innerJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .innerJoin(marketSlots, eq(marketSlots.id, marketAssignments.slotId))
    .innerJoin(vendors, eq(vendors.id, marketAssignments.vendorId))
    .innerJoin(marketCategories, eq(marketCategories.id, marketAssignments.categoryId))
    .leftJoin(marketDayRequests, eq(marketDayRequests.id, marketAssignments.requestId))
    .where(where)
    .orderBy(asc(marketDays.date), asc(marketSlots.code), asc(marketAssignments.createdAt), asc(marketAssignments.id))
    .limit(limit);
}
export type AssignmentListRow = Awaited<ReturnType<typeof selectAssignments>>[number];

export interface AssignmentFilter {
  marketDayId?: string | undefined;
  vendorId?: string | undefined;
  status?: AssignmentRow['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  ids?: string[];
}

export async function listAssignments(db: DbOrTx, orgId: string, f: AssignmentFilter, limit: number): Promise<AssignmentListRow[]> {
  const where: SQL[] = [eq(marketAssignments.orgId, orgId)];
  if (f.marketDayId) where.push(eq(marketAssignments.marketDayId, f.marketDayId));
  if (f.vendorId) where.push(eq(marketAssignments.vendorId, f.vendorId));
  if (f.status) where.push(eq(marketAssignments.status, f.status));
  if (f.from) where.push(gte(marketDays.date, f.from));
  if (f.to) where.push(lte(marketDays.date, f.to));
  if (f.ids) where.push(inArray(marketAssignments.id, f.ids));
  return selectAssignments(db, and(...where), limit);
}

export async function findAssignment(db: DbOrTx, orgId: string, id: string): Promise<AssignmentListRow | null> {
  return (await listAssignments(db, orgId, { ids: [id] }, 1))[0] ?? null;
}

/** The assignment row alone, locked for a write. */
export async function lockAssignment(db: DbOrTx, orgId: string, id: string): Promise<AssignmentRow | null> {
  const rows = await db
    .select()
    .from(marketAssignments)
    .where(and(eq(marketAssignments.id, id), eq(marketAssignments.orgId, orgId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** A slot of the organization; `lock` holds it until the transaction ends (a waitlist offer of it is being made). */
export async function findSlot(db: DbOrTx, orgId: string, id: string, opts: { lock?: boolean } = {}): Promise<SlotRow | null> {
  const query = db
    .select()
    .from(marketSlots)
    .where(and(eq(marketSlots.id, id), eq(marketSlots.orgId, orgId)))
    .limit(1);
  const rows = opts.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function categoryName(db: DbOrTx, orgId: string, id: string): Promise<string> {
  const rows = await db
    .select({ nameEn: marketCategories.nameEn })
    .from(marketCategories)
    .where(and(eq(marketCategories.id, id), eq(marketCategories.orgId, orgId)))
    .limit(1);
  return rows[0]?.nameEn ?? 'another category';
}

/** Inserts one booking; the partial unique indexes refuse a double booking (the caller turns that into a 409). */
export async function insertAssignment(db: DbOrTx, row: AssignmentInsert): Promise<AssignmentRow> {
  return (await db.insert(marketAssignments).values(row).returning())[0]!;
}

/** Inserts the bookings a term makes; a day whose slot or vendor is already booked is left out by the indexes. */
export async function insertAssignmentsWhereFree(db: DbOrTx, rows: AssignmentInsert[]): Promise<AssignmentRow[]> {
  if (!rows.length) return [];
  return db.insert(marketAssignments).values(rows).onConflictDoNothing().returning();
}

export async function updateAssignment(db: DbOrTx, id: string, values: Partial<AssignmentInsert>): Promise<AssignmentRow> {
  return (
    await db
      .update(marketAssignments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(marketAssignments.id, id))
      .returning()
  )[0]!;
}

/**
 * The holding booking of a request (its vendor's that day), locked: cancelled when the request is
 * withdrawn, rejected or waitlisted.
 */
export function holdingOfRequest(db: DbOrTx, orgId: string, request: { marketDayId: string; vendorId: string }): Promise<AssignmentRow[]> {
  return db
    .select()
    .from(marketAssignments)
    .where(
      and(
        eq(marketAssignments.orgId, orgId),
        eq(marketAssignments.marketDayId, request.marketDayId),
        eq(marketAssignments.vendorId, request.vendorId),
        inArray(marketAssignments.status, [...HOLDING]),
      ),
    )
    .for('update');
}

/** Holding bookings on these days for a slot or a vendor: why a term could not book a day. */
export function holdingOnDays(db: DbOrTx, orgId: string, dayIds: string[]) {
  if (!dayIds.length) return Promise.resolve([]);
  return db
    .select({ marketDayId: marketAssignments.marketDayId, slotId: marketAssignments.slotId, vendorId: marketAssignments.vendorId })
    .from(marketAssignments)
    .where(
      and(
        eq(marketAssignments.orgId, orgId),
        inArray(marketAssignments.marketDayId, dayIds),
        inArray(marketAssignments.status, [...HOLDING]),
      ),
    );
}
