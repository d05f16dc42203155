import type { productsRoutes as c } from '@market/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { savedViews } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';

const LIST = 'products';
type Row = typeof savedViews.$inferSelect;
const toView = (r: Row): c.SavedView => ({
  id: r.id,
  name: r.name,
  config: r.config as c.SavedViewConfig,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const nameTaken = () =>
  conflict('You already have a saved view with this name', [{ field: 'name', message: 'is already the name of another of your views' }]);
const mine = (caller: Caller) => and(eq(savedViews.orgId, caller.orgId), eq(savedViews.userId, caller.userId), eq(savedViews.list, LIST));

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

async function nameInUse(db: Db | Tx, caller: Caller, name: string, exceptId?: string) {
  const [hit] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(mine(caller), eq(sql`lower(${savedViews.name})`, name.toLowerCase()), exceptId ? ne(savedViews.id, exceptId) : undefined))
    .limit(1);
  return Boolean(hit);
}

/** The caller's own view, locked for the change; 404 when it is not theirs (or does not exist). */
async function lockMine(tx: Tx, caller: Caller, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(savedViews)
    .where(and(mine(caller), eq(savedViews.id, id)))
    .for('update');
  if (!row) throw notFound('Saved view');
  return row;
}

export async function listViews(db: Db, caller: Caller): Promise<c.SavedView[]> {
  return (
    await db
      .select()
      .from(savedViews)
      .where(mine(caller))
      .orderBy(asc(sql`lower(${savedViews.name})`))
  ).map(toView);
}

export async function createView(db: Db, caller: Caller, input: { name: string; config: c.SavedViewConfig }): Promise<c.SavedView> {
  return guard(() =>
    db.transaction(async (tx) => {
      if (await nameInUse(tx, caller, input.name)) throw nameTaken();
      const [row] = await tx
        .insert(savedViews)
        .values({ orgId: caller.orgId, userId: caller.userId, list: LIST, name: input.name, config: input.config })
        .returning();
      await recordAudit(tx, caller, { action: 'create', entityType: 'saved_view', entityId: row!.id, after: toView(row!) });
      return toView(row!);
    }),
  );
}

export async function updateView(
  db: Db,
  caller: Caller,
  id: string,
  input: { name?: string; config?: c.SavedViewConfig },
): Promise<c.SavedView> {
  return guard(() =>
    db.transaction(async (tx) => {
      const before = await lockMine(tx, caller, id);
      if (input.name !== undefined && (await nameInUse(tx, caller, input.name, id))) throw nameTaken();
      const [row] = await tx
        .update(savedViews)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.config ? { config: input.config } : {}),
          updatedAt: new Date(),
        })
        .where(eq(savedViews.id, id))
        .returning();
      await recordAudit(tx, caller, {
        action: 'update',
        entityType: 'saved_view',
        entityId: id,
        before: toView(before),
        after: toView(row!),
      });
      return toView(row!);
    }),
  );
}

export async function deleteView(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockMine(tx, caller, id);
    await tx.delete(savedViews).where(eq(savedViews.id, id));
    await recordAudit(tx, caller, { action: 'delete', entityType: 'saved_view', entityId: id, before: toView(before) });
  });
}
