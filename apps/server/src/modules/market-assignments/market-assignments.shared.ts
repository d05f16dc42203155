import type { marketAssignmentsRoutes as r } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as assignments from './market-assignments.repository.js';
import * as requests from './market-requests.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** PostgreSQL answers a time column as HH:MM:SS; the API speaks HH:MM. */
const hhmm = (t: string) => t.slice(0, 5);

export function toRequest(x: requests.RequestListRow): r.MarketRequest {
  const q = x.request;
  return {
    id: q.id,
    marketDayId: q.marketDayId,
    date: x.date,
    dayStatus: x.dayStatus,
    locationId: x.locationId,
    locationNameEn: x.locationNameEn,
    locationNameAr: x.locationNameAr,
    vendorId: q.vendorId,
    vendorName: x.vendorName,
    categoryId: q.categoryId,
    categoryNameEn: x.categoryNameEn,
    categoryNameAr: x.categoryNameAr,
    categoryColour: x.categoryColour,
    status: q.status,
    priority: q.priority,
    waitlistedAt: iso(q.waitlistedAt),
    termId: q.termId,
    note: q.note,
    decisionReason: q.decisionReason,
    decidedAt: iso(q.decidedAt),
    acceptedAt: iso(q.acceptedAt),
    assignmentId: x.assignmentId,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

export function toAssignment(x: assignments.AssignmentListRow): r.MarketAssignment {
  const a = x.assignment;
  return {
    id: a.id,
    marketDayId: a.marketDayId,
    date: x.date,
    dayStatus: x.dayStatus,
    locationId: x.locationId,
    locationNameEn: x.locationNameEn,
    locationNameAr: x.locationNameAr,
    slotId: a.slotId,
    slotCode: x.slotCode,
    vendorId: a.vendorId,
    vendorName: x.vendorName,
    categoryId: a.categoryId,
    categoryNameEn: x.categoryNameEn,
    categoryNameAr: x.categoryNameAr,
    categoryColour: x.categoryColour,
    requestId: a.requestId,
    status: a.status,
    statusReason: a.statusReason,
    locked: a.locked,
    termId: a.termId,
    checkedInAt: iso(a.checkedInAt),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function toAssignmentDetail(x: assignments.AssignmentListRow): r.MarketAssignmentDetail {
  return {
    ...toAssignment(x),
    setupTime: hhmm(x.setupTime),
    openTime: hhmm(x.openTime),
    closeTime: hhmm(x.closeTime),
    slotZone: x.slotZone,
    slotWidthM: Number(x.slotWidthM),
    slotDepthM: Number(x.slotDepthM),
    slotPower: x.slotPower,
    vendorEmail: x.vendorEmail,
    acceptedAt: iso(x.acceptedAt),
  };
}

export async function loadRequest(db: DbOrTx, orgId: string, id: string): Promise<r.MarketRequest> {
  const row = await requests.findRequest(db, orgId, id);
  if (!row) throw notFound('Market request');
  return toRequest(row);
}

export async function loadAssignment(db: DbOrTx, orgId: string, id: string): Promise<r.MarketAssignmentDetail> {
  const row = await assignments.findAssignment(db, orgId, id);
  if (!row) throw notFound('Booking');
  return toAssignmentDetail(row);
}
