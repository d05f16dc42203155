import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.js';
import { marketCategories, marketLocations, marketSlots } from '../../src/db/schema/index.js';

type CategoryRow = typeof marketCategories.$inferSelect;
type LocationRow = typeof marketLocations.$inferSelect;
type SlotRow = typeof marketSlots.$inferSelect;

const suffix = () => randomUUID().slice(0, 8);

/** A market category of the organization, inserted directly (no API, no audit). */
export async function createCategory(
  app: App,
  orgId: string,
  overrides: Partial<Omit<typeof marketCategories.$inferInsert, 'orgId'>> = {},
): Promise<CategoryRow> {
  const s = suffix();
  const [row] = await app.ctx.db
    .insert(marketCategories)
    .values({ nameEn: `Category ${s}`, nameAr: `فئة ${s}`, colour: '#16a34a', targetPerDay: 5, ...overrides, orgId })
    .returning();
  return row!;
}

/** A market location of the organization, inserted directly into market_locations (60 m x 40 m plan by default). */
export async function createLocation(
  app: App,
  orgId: string,
  overrides: Partial<Omit<typeof marketLocations.$inferInsert, 'orgId'>> = {},
): Promise<LocationRow> {
  const s = suffix();
  const [row] = await app.ctx.db
    .insert(marketLocations)
    .values({ nameEn: `Location ${s}`, nameAr: `موقع ${s}`, address: 'Test street 1', ...overrides, orgId })
    .returning();
  return row!;
}

/**
 * A slot of the organization. Pass `locationId` in overrides to put it at an existing location;
 * without it a new location of the same organization is created.
 */
export async function createSlot(
  app: App,
  orgId: string,
  overrides: Partial<Omit<typeof marketSlots.$inferInsert, 'orgId'>> = {},
): Promise<SlotRow> {
  const locationId = overrides.locationId ?? (await createLocation(app, orgId)).id;
  const [row] = await app.ctx.db
    .insert(marketSlots)
    .values({ code: `S${suffix()}`, widthM: 3, depthM: 3, planX: 0, planY: 0, ...overrides, locationId, orgId })
    .returning();
  return row!;
}
