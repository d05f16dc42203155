import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { catalogChannels, marketLocations, posRegisters } from '../../db/schema/index.js';

export type RegisterRow = typeof posRegisters.$inferSelect & { locationNameEn: string | null; locationNameAr: string | null };
export type RegisterValues = Partial<Omit<typeof posRegisters.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>>;

const withLocation = {
  register: posRegisters,
  locationNameEn: marketLocations.nameEn,
  locationNameAr: marketLocations.nameAr,
};
const flat = (r: { register: typeof posRegisters.$inferSelect; locationNameEn: string | null; locationNameAr: string | null }) => ({
  ...r.register,
  locationNameEn: r.locationNameEn,
  locationNameAr: r.locationNameAr,
});

/** The organization's registers with their location's names, by name (active only, archived only, or all). */
export async function listRegisters(db: DbOrTx, orgId: string, status?: 'active' | 'archived'): Promise<RegisterRow[]> {
  const rows = await db
    .select(withLocation)
    .from(posRegisters)
    .leftJoin(marketLocations, eq(marketLocations.id, posRegisters.locationId))
    .where(and(eq(posRegisters.orgId, orgId), status ? eq(posRegisters.status, status) : undefined))
    .orderBy(asc(sql`lower(${posRegisters.name})`), asc(posRegisters.id));
  return rows.map(flat);
}

export async function findRegister(db: DbOrTx, orgId: string, id: string): Promise<RegisterRow | undefined> {
  const [row] = await db
    .select(withLocation)
    .from(posRegisters)
    .leftJoin(marketLocations, eq(marketLocations.id, posRegisters.locationId))
    .where(and(eq(posRegisters.orgId, orgId), eq(posRegisters.id, id)));
  return row ? flat(row) : undefined;
}

/** Whether the location is one of the organization's (a register never points at another organization's site). */
export async function locationIsOrgs(db: DbOrTx, orgId: string, locationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: marketLocations.id })
    .from(marketLocations)
    .where(and(eq(marketLocations.orgId, orgId), eq(marketLocations.id, locationId)));
  return !!row;
}

/** The organization's point-of-sale channels, by name, and whether each has a snapshot yet. */
export async function listPosChannels(db: DbOrTx, orgId: string): Promise<{ id: string; name: string; published: boolean }[]> {
  return db
    .select({
      id: catalogChannels.id,
      name: catalogChannels.name,
      published: sql<boolean>`exists (select 1 from catalog_snapshots s where s.channel_id = ${catalogChannels.id})`,
    })
    .from(catalogChannels)
    .where(and(eq(catalogChannels.orgId, orgId), eq(catalogChannels.kind, 'pos')))
    .orderBy(asc(sql`lower(${catalogChannels.name})`), asc(catalogChannels.id));
}

/** Whether the channel is one of the organization's point-of-sale channels. */
export async function posChannelIsOrgs(db: DbOrTx, orgId: string, channelId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogChannels.id })
    .from(catalogChannels)
    .where(and(eq(catalogChannels.orgId, orgId), eq(catalogChannels.id, channelId), eq(catalogChannels.kind, 'pos')));
  return !!row;
}

export async function insertRegister(db: DbOrTx, orgId: string, values: RegisterValues & { name: string }): Promise<string> {
  const [row] = await db
    .insert(posRegisters)
    .values({ ...values, orgId })
    .returning({ id: posRegisters.id });
  return row!.id;
}

export async function updateRegister(db: DbOrTx, orgId: string, id: string, values: RegisterValues): Promise<void> {
  await db
    .update(posRegisters)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(posRegisters.orgId, orgId), eq(posRegisters.id, id)));
}
