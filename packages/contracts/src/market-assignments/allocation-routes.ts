import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  allocationApplyResultSchema,
  allocationApplySchema,
  allocationProposalBodySchema,
  allocationProposalSchema,
} from './allocation-schemas.js';

export * from './allocation-schemas.js';

const access = { permission: 'vendor_management' } as const;
const idParams = z.object({ id: z.uuid('must be an id') });
const tag = 'market-assignments';

export const proposeAllocation = defineRoute({
  method: 'POST',
  path: '/market-days/:id/allocation/proposal',
  tag,
  summary:
    'Propose which accepted requests go to which free slots of a market day, with a reason per placement; writes nothing, and the same input gives the same proposal and inputHash',
  access,
  params: idParams,
  body: allocationProposalBodySchema,
  response: allocationProposalSchema,
});
export const applyAllocation = defineRoute({
  method: 'POST',
  path: '/market-days/:id/allocation/apply',
  tag,
  summary:
    'Apply a reviewed proposal in one transaction: cancel its released bookings and book its placements; 409 when the day changed since the proposal',
  access,
  params: idParams,
  body: allocationApplySchema,
  response: allocationApplyResultSchema,
});
