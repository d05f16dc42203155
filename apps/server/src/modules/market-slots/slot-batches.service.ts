import type { marketSlotsRoutes as c } from '@market/contracts';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, invalid, isUniqueViolation } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './market-slots.repository.js';
import { firstOutOfPlan, planSlotRun, toCentimetres } from './slot-generator.js';
import { assertOnPlan, codeTaken, newSlotTerms, requireCategory, requireLocation, toSlot } from './slot-rules.js';

/** Creates prefix+from .. prefix+to in one transaction; a clash with any existing code refuses all of them. */
export async function generateSlots(db: Db, caller: Caller, input: c.SlotGenerate): Promise<c.Slot[]> {
  if (input.to < input.from) throw invalid('to', 'must be at least from');
  const count = input.to - input.from + 1;
  if (count > 500) throw invalid('to', `makes ${count} slots; at most 500 at once`);
  const widthM = toCentimetres(input.widthM);
  const depthM = toCentimetres(input.depthM);
  const planned = planSlotRun({ ...input, widthM, depthM });
  try {
    return await db.transaction(async (tx) => {
      const plan = await requireLocation(tx, caller.orgId, input.locationId);
      await requireCategory(tx, caller.orgId, input.categoryId);
      const clash = await repo.existingCodes(
        tx,
        plan.id,
        planned.map((p) => p.code),
      );
      if (clash.length) throw codeTaken(clash, 'prefix');
      const off = firstOutOfPlan(planned, { widthM, depthM }, { widthM: plan.planWidthM, depthM: plan.planDepthM });
      if (off) {
        const how = off.axis === 'x' ? `${plan.planWidthM} m wide` : `${plan.planDepthM} m deep`;
        const message = `places ${off.slot.code} past the edge of the plan, which is ${how}; start nearer the edge, use a smaller gap or fewer slots`;
        throw new AppError(422, 'validation_failed', `layout: ${message}`, [{ field: 'layout', message }]);
      }
      const rows = await repo.insertSlots(
        tx,
        caller.orgId,
        planned.map((p) => ({
          locationId: plan.id,
          code: p.code,
          ...newSlotTerms(input),
          widthM,
          depthM,
          planX: p.planX,
          planY: p.planY,
          planRotation: 0,
        })),
      );
      // One audit row for the run: the request was one decision.
      await recordAudit(tx, caller, {
        action: 'generate',
        entityType: 'market_slot',
        entityId: plan.id,
        after: { codes: planned.map((p) => p.code), count: rows.length },
      });
      const order = new Map(planned.map((p, i) => [p.code, i]));
      return rows.sort((a, b) => order.get(a.code)! - order.get(b.code)!).map(toSlot);
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw codeTaken(
        planned.map((p) => p.code),
        'prefix',
      );
    throw err;
  }
}

/** Moves, rotates and resizes many slots at once; one bad entry refuses the whole request. */
export async function updatePositions(db: Db, caller: Caller, positions: c.SlotPosition[]): Promise<c.Slot[]> {
  const seen = new Map<string, number>();
  positions.forEach((p, i) => {
    if (seen.has(p.id)) throw invalid(`positions.${i}.id`, `repeats the slot of positions.${seen.get(p.id)}`);
    seen.set(p.id, i);
  });
  return db.transaction(async (tx) => {
    const found = new Map((await repo.findSlotsWithPlans(tx, caller.orgId, [...seen.keys()])).map((s) => [s.id, s]));
    const rows = positions.map((p, i) => {
      const slot = found.get(p.id);
      if (!slot) {
        throw new AppError(404, 'not_found', `Slot not found (positions.${i}.id)`, [
          { field: `positions.${i}.id`, message: 'is not a slot of your organization' },
        ]);
      }
      const next = {
        id: p.id,
        planX: toCentimetres(p.planX),
        planY: toCentimetres(p.planY),
        planRotation: p.planRotation,
        widthM: p.widthM === undefined ? slot.widthM : toCentimetres(p.widthM),
        depthM: p.depthM === undefined ? slot.depthM : toCentimetres(p.depthM),
      };
      const at = `positions.${i}.`;
      assertOnPlan(slot.plan, next, {
        x: `${at}planX`,
        y: `${at}planY`,
        w: p.widthM === undefined ? '' : `${at}widthM`,
        d: p.depthM === undefined ? '' : `${at}depthM`,
      });
      return next;
    });
    await repo.updatePositions(tx, caller.orgId, rows);
    const after = await repo.findSlotsWithPlans(
      tx,
      caller.orgId,
      rows.map((r) => r.id),
    );
    const byId = new Map(after.map((s) => [s.id, s]));
    for (const r of rows) {
      const before = found.get(r.id)!;
      await recordAudit(tx, caller, {
        action: 'move',
        entityType: 'market_slot',
        entityId: r.id,
        before: pick(before),
        after: pick(byId.get(r.id)!),
      });
    }
    return rows.map((r) => toSlot(byId.get(r.id)!));
  });
}

const pick = (s: repo.SlotRow) => ({ planX: s.planX, planY: s.planY, planRotation: s.planRotation, widthM: s.widthM, depthM: s.depthM });
