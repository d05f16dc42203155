import type { marketSlotsRoutes as c } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import * as repo from './market-slots.repository.js';
import { fitsAlong } from './slot-generator.js';

export const toSlot = (r: repo.SlotRow): c.Slot => ({
  id: r.id,
  locationId: r.locationId,
  code: r.code,
  zone: r.zone,
  widthM: r.widthM,
  depthM: r.depthM,
  power: r.power,
  hasWater: r.hasWater,
  hasShade: r.hasShade,
  isCorner: r.isCorner,
  feePerDay: r.feePerDay,
  feePerSeason: r.feePerSeason,
  status: r.status,
  categoryId: r.categoryId,
  planX: r.planX,
  planY: r.planY,
  planRotation: r.planRotation,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A new slot's zone and terms as asked, with the defaults of what was left out (one slot or a generated run alike). */
export const newSlotTerms = (
  input: Pick<
    c.SlotCreate,
    'zone' | 'power' | 'hasWater' | 'hasShade' | 'isCorner' | 'feePerDay' | 'feePerSeason' | 'status' | 'categoryId'
  >,
) => ({
  zone: input.zone ?? '',
  power: input.power ?? 'none',
  hasWater: input.hasWater ?? false,
  hasShade: input.hasShade ?? false,
  isCorner: input.isCorner ?? false,
  feePerDay: input.feePerDay ?? 0,
  feePerSeason: input.feePerSeason ?? 0,
  status: input.status ?? 'open',
  categoryId: input.categoryId ?? null,
});

export async function requireLocation(db: DbOrTx, orgId: string, id: string): Promise<repo.PlanSize> {
  const loc = await repo.findLocation(db, orgId, id);
  if (!loc) throw notFound('Market location');
  return loc;
}

export async function requireCategory(db: DbOrTx, orgId: string, id: string | null | undefined, field = 'categoryId'): Promise<void> {
  if (id && !(await repo.categoryExists(db, orgId, id))) throw invalid(field, 'is not a market category of your organization');
}

export const codeTaken = (codes: string[], field = 'code') => {
  const shown = codes.slice(0, 20).join(', ') + (codes.length > 20 ? ` and ${codes.length - 20} more` : '');
  return conflict(
    codes.length === 1 ? `A slot with code ${shown} already exists at this location` : `Slots ${shown} already exist at this location`,
    [{ field, message: codes.length === 1 ? 'is already used at this location' : `already used at this location: ${shown}` }],
  );
};

export interface Geometry {
  planX: number | null;
  planY: number | null;
  widthM: number;
  depthM: number;
}

/**
 * A placed slot's unrotated rectangle must lie on its location's plan. Field names say which input to
 * change: the position when it was given, else the size.
 */
export function assertOnPlan(plan: repo.PlanSize, g: Geometry, names: { x: string; y: string; w: string; d: string }): void {
  if ((g.planX === null) !== (g.planY === null)) {
    const missing = g.planX === null ? names.x : names.y;
    throw invalid(missing, `is needed together with ${missing === names.x ? names.y : names.x}`);
  }
  if (g.planX === null || g.planY === null) return;
  if (!fitsAlong(g.planX, g.widthM, plan.planWidthM)) {
    throw outside(names.x, names.w, g.planX, g.widthM, plan.planWidthM, 'wide');
  }
  if (!fitsAlong(g.planY, g.depthM, plan.planDepthM)) {
    throw outside(names.y, names.d, g.planY, g.depthM, plan.planDepthM, 'deep');
  }
}

function outside(posField: string, sizeField: string, start: number, length: number, planLength: number, how: 'wide' | 'deep'): AppError {
  const reach = Math.round((start + length) * 100) / 100;
  const message = `must keep the slot on the plan, which is ${planLength} m ${how} (the slot would reach ${reach} m)`;
  return new AppError(422, 'validation_failed', `${posField}: ${message}`, [
    { field: posField, message },
    ...(sizeField ? [{ field: sizeField, message: `makes the slot reach past the plan (${planLength} m ${how})` }] : []),
  ]);
}
