import type { marketSlotsRoutes as c } from '@market/contracts';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { marketSlots } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './market-slots.repository.js';
import { toCentimetres } from './slot-generator.js';
import { assertOnPlan, codeTaken, newSlotTerms, requireCategory, requireLocation, toSlot } from './slot-rules.js';

const GEOMETRY_NAMES = { x: 'planX', y: 'planY', w: 'widthM', d: 'depthM' };
const cm = (v: number | null | undefined) => (v === null || v === undefined ? v : toCentimetres(v));
const boolOf = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

export async function listSlots(db: Db, caller: Caller, q: c.SlotListQuery): Promise<c.Slot[]> {
  const rows = await repo.listSlots(db, caller.orgId, {
    locationId: q.locationId,
    zone: q.zone || undefined,
    status: q.status,
    categoryId: q.categoryId,
    power: q.power,
    water: boolOf(q.water),
    shade: boolOf(q.shade),
    corner: boolOf(q.corner),
  });
  return rows.map(toSlot);
}

export async function slotOptions(db: Db, caller: Caller, locationId?: string): Promise<{ currency: string; zones: string[] }> {
  return { currency: await repo.orgCurrency(db, caller.orgId), zones: await repo.zonesInUse(db, caller.orgId, locationId) };
}

export async function getSlot(db: Db, caller: Caller, id: string): Promise<c.Slot> {
  const row = await repo.findSlot(db, caller.orgId, id);
  if (!row) throw notFound('Slot');
  return toSlot(row);
}

export async function createSlot(db: Db, caller: Caller, input: c.SlotCreate): Promise<c.Slot> {
  try {
    return await db.transaction(async (tx) => {
      const plan = await requireLocation(tx, caller.orgId, input.locationId);
      await requireCategory(tx, caller.orgId, input.categoryId);
      const clash = await repo.existingCodes(tx, plan.id, [input.code]);
      if (clash.length) throw codeTaken(clash);
      const geometry = {
        planX: cm(input.planX) ?? null,
        planY: cm(input.planY) ?? null,
        widthM: cm(input.widthM) ?? 3,
        depthM: cm(input.depthM) ?? 3,
      };
      assertOnPlan(plan, geometry, GEOMETRY_NAMES);
      const [row] = await repo.insertSlots(tx, caller.orgId, [
        {
          locationId: plan.id,
          code: input.code,
          ...newSlotTerms(input),
          planRotation: input.planRotation ?? 0,
          ...geometry,
        },
      ]);
      await recordAudit(tx, caller, { action: 'create', entityType: 'market_slot', entityId: row!.id, after: row });
      return toSlot(row!);
    });
  } catch (err) {
    // A concurrent insert of the same code passes the check and meets the unique index.
    if (isUniqueViolation(err)) throw codeTaken([input.code]);
    throw err;
  }
}

export async function updateSlot(db: Db, caller: Caller, id: string, input: c.SlotUpdate): Promise<c.Slot> {
  try {
    return await db.transaction(async (tx) => {
      const { expectedUpdatedAt, ...fields } = input;
      await lockUnchanged(tx, marketSlots, and(eq(marketSlots.orgId, caller.orgId), eq(marketSlots.id, id)), expectedUpdatedAt);
      const before = await repo.findSlot(tx, caller.orgId, id);
      if (!before) throw notFound('Slot');
      await requireCategory(tx, caller.orgId, input.categoryId);
      if (input.code !== undefined && input.code.toLowerCase() !== before.code.toLowerCase()) {
        const clash = await repo.existingCodes(tx, before.locationId, [input.code], id);
        if (clash.length) throw codeTaken(clash);
      }
      const changes = {
        ...fields,
        planX: cm(input.planX),
        planY: cm(input.planY),
        widthM: cm(input.widthM) ?? undefined,
        depthM: cm(input.depthM) ?? undefined,
      };
      const geometry = {
        planX: changes.planX === undefined ? before.planX : changes.planX,
        planY: changes.planY === undefined ? before.planY : changes.planY,
        widthM: changes.widthM ?? before.widthM,
        depthM: changes.depthM ?? before.depthM,
      };
      const moved = ['planX', 'planY', 'widthM', 'depthM'].some((k) => input[k as keyof c.SlotUpdate] !== undefined);
      if (moved) assertOnPlan(await requireLocation(tx, caller.orgId, before.locationId), geometry, GEOMETRY_NAMES);
      const row = await repo.updateSlot(tx, caller.orgId, id, changes);
      await recordAudit(tx, caller, { action: 'update', entityType: 'market_slot', entityId: id, before, after: row });
      return toSlot(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken([input.code ?? '']);
    throw err;
  }
}

export async function deleteSlot(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findSlot(tx, caller.orgId, id);
    if (!before) throw notFound('Slot');
    await repo.deleteSlot(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'market_slot', entityId: id, before });
  });
}
