import type { marketAssignmentsRoutes as ma } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { Caller } from '../../lib/api-route.js';
import { notFound } from '../../lib/errors.js';
import { answerOffer, offersOfVendor } from '../market-assignments/index.js';
import * as repo from './vendor-portal.repository.js';

/** The vendor the caller acts for; a vendor account without a vendor record has no offers. */
async function ownVendorId(ctx: AppContext, caller: Caller): Promise<string | null> {
  return (await repo.vendorOfUser(ctx.db, caller.orgId, caller.userId))?.id ?? null;
}

export async function ownOffers(ctx: AppContext, caller: Caller): Promise<ma.WaitlistOffer[]> {
  const vendorId = await ownVendorId(ctx, caller);
  return vendorId ? offersOfVendor(ctx.db, caller.orgId, vendorId) : [];
}

/** Answers one of the caller's own offers; any other offer is not found (never "forbidden": ids say nothing). */
export async function answerOwnOffer(ctx: AppContext, caller: Caller, id: string, answer: 'accept' | 'decline'): Promise<ma.WaitlistOffer> {
  const vendorId = await ownVendorId(ctx, caller);
  if (!vendorId) throw notFound('Offer');
  return answerOffer(ctx, caller, vendorId, id, answer);
}
