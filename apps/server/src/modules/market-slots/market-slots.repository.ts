import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketCategories, marketLocations, marketSlots, organizations } from '../../db/schema/index.js';

export type SlotRow = typeof marketSlots.$inferSelect;
export type SlotValues = Omit<typeof marketSlots.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>;
export interface PlanSize {
  id: string;
  planWidthM: number;
  planDepthM: number;
}

export interface SlotFilter {
  locationId?: string;
  zone?: string;
  status?: 'open' | 'blocked';
  categoryId?: string;
  power?: 'none' | 'single_phase' | 'three_phase' | 'any';
  water?: boolean;
  shade?: boolean;
  corner?: boolean;
}

// Natural order of codes: A2 before A10, by the text before the trailing number, then that number.
const naturalOrder = [
  asc(sql`lower(regexp_replace(${marketSlots.code}, '[0-9]+$', ''))`),
  asc(sql`coalesce(nullif(substring(${marketSlots.code} from '[0-9]+$'), '')::numeric, -1)`),
  asc(sql`lower(${marketSlots.code})`),
];

export async function findLocation(db: DbOrTx, orgId: string, id: string): Promise<PlanSize | null> {
  const [row] = await db
    .select({ id: marketLocations.id, planWidthM: marketLocations.planWidthM, planDepthM: marketLocations.planDepthM })
    .from(marketLocations)
    .where(and(eq(marketLocations.orgId, orgId), eq(marketLocations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function categoryExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: marketCategories.id })
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), eq(marketCategories.id, id)))
    .limit(1);
  return !!row;
}

export function listSlots(db: DbOrTx, orgId: string, f: SlotFilter): Promise<SlotRow[]> {
  const where: (SQL | undefined)[] = [
    eq(marketSlots.orgId, orgId),
    f.locationId ? eq(marketSlots.locationId, f.locationId) : undefined,
    f.zone ? eq(sql`lower(${marketSlots.zone})`, f.zone.toLowerCase()) : undefined,
    f.status ? eq(marketSlots.status, f.status) : undefined,
    f.categoryId ? eq(marketSlots.categoryId, f.categoryId) : undefined,
    f.power === 'any' ? ne(marketSlots.power, 'none') : f.power ? eq(marketSlots.power, f.power) : undefined,
    f.water === undefined ? undefined : eq(marketSlots.hasWater, f.water),
    f.shade === undefined ? undefined : eq(marketSlots.hasShade, f.shade),
    f.corner === undefined ? undefined : eq(marketSlots.isCorner, f.corner),
  ];
  return db
    .select()
    .from(marketSlots)
    .where(and(...where))
    .orderBy(asc(marketSlots.locationId), ...naturalOrder);
}

export async function findSlot(db: DbOrTx, orgId: string, id: string): Promise<SlotRow | null> {
  const [row] = await db
    .select()
    .from(marketSlots)
    .where(and(eq(marketSlots.orgId, orgId), eq(marketSlots.id, id)))
    .limit(1);
  return row ?? null;
}

/** Slots of the organization among these ids, with the plan size of their location. */
export async function findSlotsWithPlans(db: DbOrTx, orgId: string, ids: string[]): Promise<(SlotRow & { plan: PlanSize })[]> {
  const rows = await db
    .select({
      slot: marketSlots,
      plan: { id: marketLocations.id, planWidthM: marketLocations.planWidthM, planDepthM: marketLocations.planDepthM },
    })
    .from(marketSlots)
    .innerJoin(marketLocations, eq(marketLocations.id, marketSlots.locationId))
    .where(and(eq(marketSlots.orgId, orgId), inArray(marketSlots.id, ids)));
  return rows.map((r) => ({ ...r.slot, plan: r.plan }));
}

/** Codes among these that already exist at the location, compared without case. */
export async function existingCodes(db: DbOrTx, locationId: string, codes: string[], exceptId?: string): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await db
    .select({ code: marketSlots.code })
    .from(marketSlots)
    .where(
      and(
        eq(marketSlots.locationId, locationId),
        inArray(
          sql`lower(${marketSlots.code})`,
          codes.map((c) => c.toLowerCase()),
        ),
        exceptId ? ne(marketSlots.id, exceptId) : undefined,
      ),
    )
    .orderBy(...naturalOrder);
  return rows.map((r) => r.code);
}

export async function insertSlots(db: DbOrTx, orgId: string, values: SlotValues[]): Promise<SlotRow[]> {
  if (!values.length) return [];
  const rows = await db
    .insert(marketSlots)
    .values(values.map((v) => ({ ...v, orgId })))
    .returning();
  return rows;
}

export async function updateSlot(db: DbOrTx, orgId: string, id: string, values: Partial<SlotValues>): Promise<SlotRow | null> {
  const [row] = await db
    .update(marketSlots)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(marketSlots.orgId, orgId), eq(marketSlots.id, id)))
    .returning();
  return row ?? null;
}

export interface PositionValues {
  id: string;
  planX: number;
  planY: number;
  planRotation: number;
  widthM: number;
  depthM: number;
}

/** Moves many slots in one statement (an UPDATE from a VALUES list). */
export async function updatePositions(db: DbOrTx, orgId: string, rows: PositionValues[]): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.planX}::numeric, ${r.planY}::numeric, ${r.planRotation}::int, ${r.widthM}::numeric, ${r.depthM}::numeric)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${marketSlots} as s
    set plan_x = v.x, plan_y = v.y, plan_rotation = v.r, width_m = v.w, depth_m = v.d, updated_at = now()
    from (values ${values}) as v(id, x, y, r, w, d)
    where s.id = v.id and s.org_id = ${orgId}`);
}

export async function deleteSlot(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(marketSlots).where(and(eq(marketSlots.orgId, orgId), eq(marketSlots.id, id)));
}

export async function orgCurrency(db: DbOrTx, orgId: string): Promise<string> {
  const [row] = await db.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row?.currency ?? 'USD';
}

export async function zonesInUse(db: DbOrTx, orgId: string, locationId?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ zone: marketSlots.zone })
    .from(marketSlots)
    .where(and(eq(marketSlots.orgId, orgId), ne(marketSlots.zone, ''), locationId ? eq(marketSlots.locationId, locationId) : undefined))
    .orderBy(asc(marketSlots.zone));
  return rows.map((r) => r.zone);
}
