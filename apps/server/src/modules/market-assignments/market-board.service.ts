import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { ASSIGNMENT_ABSENCE_STATUSES, BOARD_MAX_DAYS } from '@market/contracts/plain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { notFound } from '../../lib/errors.js';
import { checkRange } from './market-assignments.rules.js';
import * as repo from './market-board.repository.js';

type BoardQuery = z.infer<typeof r.boardQuery>;
type Enum<T extends r.Board[keyof r.Board]> = T[number];

const isAbsence = (status: string): status is r.AssignmentAbsenceStatus =>
  (ASSIGNMENT_ABSENCE_STATUSES as readonly string[]).includes(status);

/**
 * The board of a location over a date range: four statements, whatever the number of slots and days (the
 * location's check rides on the slots' statement, the absences on the bookings').
 */
export async function board(db: Db, caller: Caller, q: BoardQuery): Promise<r.Board> {
  checkRange(q.from, q.to, BOARD_MAX_DAYS);
  const range = { orgId: caller.orgId, locationId: q.locationId, from: q.from, to: q.to };
  const [days, slots, cells, requests] = await Promise.all([
    repo.boardDays(db, range),
    repo.boardSlots(db, range),
    repo.boardCells(db, range),
    repo.boardRequests(db, range),
  ]);
  if (!slots.length) throw notFound('Market location');
  return {
    days: days.map((d) => ({
      id: d.id,
      date: d.date,
      status: d.status as Enum<r.Board['days']>['status'],
      freeSlots: Number(d.free_slots),
      pendingRequests: Number(d.pending),
      acceptedUnassigned: Number(d.accepted_unassigned),
    })),
    slots: slots.flatMap((s) =>
      s.id === null
        ? []
        : [
            {
              id: s.id,
              code: s.code,
              zone: s.zone,
              widthM: Number(s.width_m),
              depthM: Number(s.depth_m),
              power: s.power as Enum<r.Board['slots']>['power'],
              status: s.status as Enum<r.Board['slots']>['status'],
              categoryId: s.category_id,
              categoryColour: s.colour,
              planX: s.plan_x === null ? null : Number(s.plan_x),
              planY: s.plan_y === null ? null : Number(s.plan_y),
              planRotation: s.plan_rotation ?? 0,
            },
          ],
    ),
    cells: cells
      .filter((c) => !isAbsence(c.status))
      .map((c) => ({
        dayId: c.day_id,
        slotId: c.slot_id,
        assignmentId: c.id,
        vendorId: c.vendor_id,
        vendorName: c.vendor_name,
        categoryId: c.category_id,
        categoryColour: c.colour,
        status: c.status as Enum<r.Board['cells']>['status'],
        locked: c.locked,
        termId: c.term_id,
        invoiceState: c.invoice_state as Enum<r.Board['cells']>['invoiceState'],
      })),
    absences: cells.flatMap((c) =>
      isAbsence(c.status)
        ? [{ dayId: c.day_id, slotId: c.slot_id, assignmentId: c.id, vendorId: c.vendor_id, vendorName: c.vendor_name, status: c.status }]
        : [],
    ),
    requests: requests.map((x) => ({
      id: x.id,
      dayId: x.day_id,
      vendorId: x.vendor_id,
      vendorName: x.vendor_name,
      categoryId: x.category_id,
      categoryNameEn: x.name_en,
      categoryNameAr: x.name_ar,
      categoryColour: x.colour,
      status: x.status as Enum<r.Board['requests']>['status'],
      priority: Number(x.priority),
    })),
  };
}

/** Per category of a day: planned ones and any with bookings or requests; short = max(0, target - assigned). */
export async function categoryGaps(db: Db, caller: Caller, dayId: string): Promise<r.CategoryGap[]> {
  if (!(await repo.dayExists(db, caller.orgId, dayId))) throw notFound('Market day');
  const rows = await repo.categoryGaps(db, caller.orgId, dayId);
  return rows
    .filter((c) => c.planned || c.assigned > 0 || c.pending > 0 || c.accepted_unassigned > 0)
    .map((c) => ({
      categoryId: c.id,
      nameEn: c.name_en,
      nameAr: c.name_ar,
      colour: c.colour,
      target: Number(c.target),
      assigned: Number(c.assigned),
      pending: Number(c.pending),
      acceptedUnassigned: Number(c.accepted_unassigned),
      short: Math.max(0, Number(c.target) - Number(c.assigned)),
    }));
}
