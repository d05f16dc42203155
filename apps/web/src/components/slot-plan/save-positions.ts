import { MAX_SLOTS_PER_BATCH, marketSlotsRoutes, type ResponseOf } from '@market/contracts/plain';
import { api } from '../../lib/api';
import type { Geometry } from './plan-types';

type Slot = ResponseOf<typeof marketSlotsRoutes.updateSlotPositions>[number];

/** Sends the changed slots to the bulk position route: one request (all or nothing) per batch of slots the route accepts. */
export async function savePositions(changes: { id: string; g: Geometry }[]): Promise<Slot[]> {
  const out: Slot[] = [];
  for (let i = 0; i < changes.length; i += MAX_SLOTS_PER_BATCH) {
    const positions = changes
      .slice(i, i + MAX_SLOTS_PER_BATCH)
      .map(({ id, g }) => ({ id, planX: g.planX, planY: g.planY, planRotation: g.planRotation, widthM: g.widthM, depthM: g.depthM }));
    out.push(...(await api(marketSlotsRoutes.updateSlotPositions, { body: { positions } })));
  }
  return out;
}
