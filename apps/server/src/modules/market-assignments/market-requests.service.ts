import type { marketAssignmentsRoutes as r } from '@market/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { checkEligibility } from './eligibility.js';
import * as assignments from './market-assignments.repository.js';
import { checkDayOpenForRequests, checkDecision, checkRange, checkWithdrawable, MAX_LIST_DAYS } from './market-assignments.rules.js';
import { loadRequest, toRequest } from './market-assignments.shared.js';
import { slotFreed } from './waitlist-offers.service.js';
import * as repo from './market-requests.repository.js';

type ListQuery = z.infer<typeof r.marketRequestListQuery>;
type CreateInput = z.infer<typeof r.marketRequestCreateSchema>;
type UpdateInput = z.infer<typeof r.marketRequestUpdateSchema>;
type DecideInput = z.infer<typeof r.marketRequestDecideSchema>;

const ENTITY = 'market_request';

export async function listRequests(db: Db, caller: Caller, q: ListQuery): Promise<r.MarketRequest[]> {
  checkRange(q.from, q.to, MAX_LIST_DAYS);
  const rows = await repo.listRequests(
    db,
    caller.orgId,
    { marketDayId: q.marketDayId, vendorId: q.vendorId, status: q.status, from: q.from, to: q.to },
    q.limit ?? 1000,
  );
  return rows.map(toRequest);
}

const alreadyRequested = () =>
  conflict('This vendor already has a request for that market day', [
    { field: 'vendorId', message: 'already has a request for that market day' },
  ]);

export async function createRequest(db: Db, caller: Caller, input: CreateInput): Promise<r.MarketRequest> {
  return db.transaction(async (tx) => {
    const day = await repo.findDay(tx, caller.orgId, input.marketDayId);
    if (!day) throw invalid('marketDayId', 'is not a market day of your organization');
    checkDayOpenForRequests(day);
    await checkEligibility(tx, caller.orgId, { vendorId: input.vendorId, categoryId: input.categoryId, date: day.date });
    let row: repo.RequestRow;
    try {
      row = await repo.insertRequest(tx, {
        orgId: caller.orgId,
        marketDayId: day.id,
        vendorId: input.vendorId,
        categoryId: input.categoryId,
        priority: input.priority ?? 0,
        note: input.note || null,
        createdBy: caller.userId,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyRequested();
      throw err;
    }
    await recordAudit(tx, caller, { action: 'create', entityType: ENTITY, entityId: row.id, after: row });
    return loadRequest(tx, caller.orgId, row.id);
  });
}

export async function updateRequest(db: Db, caller: Caller, id: string, input: UpdateInput): Promise<r.MarketRequest> {
  return db.transaction(async (tx) => {
    const before = await repo.lockRequest(tx, caller.orgId, id);
    if (!before) throw notFound('Market request');
    assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
    const values = {
      priority: input.priority ?? before.priority,
      note: input.note === undefined ? before.note : input.note || null,
    };
    if (values.priority === before.priority && values.note === before.note) return loadRequest(tx, caller.orgId, id);
    const row = await repo.updateRequest(tx, id, values);
    await recordAudit(tx, caller, { action: 'update', entityType: ENTITY, entityId: id, before, after: row });
    return loadRequest(tx, caller.orgId, id);
  });
}

/** Cancels the booking a request holds (when it is withdrawn, rejected or sent back to the waitlist), audited. */
async function cancelHolding(tx: DbOrTx, caller: Caller, request: repo.RequestRow, reason: string): Promise<void> {
  for (const before of await assignments.holdingOfRequest(tx, caller.orgId, request)) {
    const after = await assignments.updateAssignment(tx, before.id, { status: 'cancelled', statusReason: reason });
    await recordAudit(tx, caller, { action: 'cancel', entityType: 'market_assignment', entityId: before.id, before, after });
    await slotFreed(tx, caller.orgId, before.marketDayId, before.slotId);
  }
}

// Literal actions, so the dashboard's sentence test finds each one.
const DECISION_AUDIT = {
  accepted: { action: 'accept' },
  waitlisted: { action: 'waitlist' },
  rejected: { action: 'reject' },
} as const;

export async function decideRequest(db: Db, caller: Caller, id: string, input: DecideInput): Promise<r.MarketRequest> {
  return db.transaction(async (tx) => {
    const before = await repo.lockRequest(tx, caller.orgId, id);
    if (!before) throw notFound('Market request');
    checkDecision(before.status, input.status);
    const day = (await repo.findDay(tx, caller.orgId, before.marketDayId))!;
    const now = new Date();
    if (input.status === 'accepted') {
      checkDayOpenForRequests(day, 'status');
      // Accepting re-checks the rule on the day: a document may have expired since the request was made.
      await checkEligibility(tx, caller.orgId, { vendorId: before.vendorId, categoryId: before.categoryId, date: day.date });
    }
    const row = await repo.updateRequest(tx, id, {
      status: input.status,
      decisionReason: input.reason || null,
      decidedBy: caller.userId,
      decidedAt: now,
      ...(input.status === 'accepted' ? { acceptedAt: now } : {}),
      ...(input.status === 'waitlisted' ? { waitlistedAt: now } : {}),
    });
    if (before.status === 'accepted')
      await cancelHolding(tx, caller, before, `request ${input.status}${input.reason ? `: ${input.reason}` : ''}`);
    await recordAudit(tx, caller, { ...DECISION_AUDIT[input.status], entityType: ENTITY, entityId: id, before, after: row });
    return loadRequest(tx, caller.orgId, id);
  });
}

export async function withdrawRequest(db: Db, caller: Caller, id: string): Promise<r.MarketRequest> {
  return db.transaction(async (tx) => {
    const before = await repo.lockRequest(tx, caller.orgId, id);
    if (!before) throw notFound('Market request');
    checkWithdrawable(before.status);
    const row = await repo.updateRequest(tx, id, { status: 'withdrawn' });
    await cancelHolding(tx, caller, before, 'request withdrawn');
    await recordAudit(tx, caller, { action: 'withdraw', entityType: ENTITY, entityId: id, before, after: row });
    return loadRequest(tx, caller.orgId, id);
  });
}
