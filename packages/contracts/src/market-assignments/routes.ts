import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  assignmentCreateSchema,
  assignmentDetailSchema,
  assignmentListQuery,
  assignmentMoveSchema,
  assignmentSchema,
  assignmentStatusSchema,
  assignmentUpdateSchema,
  boardQuery,
  boardSchema,
  categoryGapSchema,
  marketPoliciesSchema,
  marketPoliciesUpdateSchema,
  marketRequestCreateSchema,
  marketRequestDecideSchema,
  marketRequestListQuery,
  marketRequestSchema,
  marketRequestUpdateSchema,
  termBookingResultSchema,
  termBookingSchema,
} from './schemas.js';

export * from './schemas.js';

const access = { permission: 'vendor_management' } as const;
const idParams = z.object({ id: z.uuid('must be an id') });
const tag = 'market-assignments';

// ---- Requests ----

export const listMarketRequests = defineRoute({
  method: 'GET',
  path: '/market-requests',
  tag,
  summary: 'Vendors’ requests for market days (filters: day, vendor, status, date range), by date then waitlist order',
  access,
  query: marketRequestListQuery,
  response: z.array(marketRequestSchema),
});
export const createMarketRequest = defineRoute({
  method: 'POST',
  path: '/market-requests',
  tag,
  summary: 'Record a vendor’s request for a market day; refused (422) when the vendor is not eligible that day',
  access,
  body: marketRequestCreateSchema,
  response: marketRequestSchema,
  status: 201,
});
export const updateMarketRequest = defineRoute({
  method: 'PATCH',
  path: '/market-requests/:id',
  tag,
  summary: 'Change a request’s priority or note',
  access,
  params: idParams,
  body: marketRequestUpdateSchema,
  response: marketRequestSchema,
});
export const decideMarketRequest = defineRoute({
  method: 'POST',
  path: '/market-requests/:id/decide',
  tag,
  summary: 'Accept, waitlist or reject a request (rejecting needs a reason and cancels its booking)',
  access,
  params: idParams,
  body: marketRequestDecideSchema,
  response: marketRequestSchema,
});
export const withdrawMarketRequest = defineRoute({
  method: 'POST',
  path: '/market-requests/:id/withdraw',
  tag,
  summary: 'Withdraw a request; its booking that day, if any, is cancelled',
  access,
  params: idParams,
  response: marketRequestSchema,
});
export const bookTerm = defineRoute({
  method: 'POST',
  path: '/market-requests/term',
  tag,
  summary:
    'Term booking: one accepted request per market day of a series or date range, and the slot booked on each day it is free; says what happened per day',
  access,
  body: termBookingSchema,
  response: termBookingResultSchema,
  status: 201,
});

// ---- Assignments ----

export const listAssignments = defineRoute({
  method: 'GET',
  path: '/market-assignments',
  tag,
  summary: 'Bookings of slots (filters: day, vendor, status, date range), by date',
  access,
  query: assignmentListQuery,
  response: z.array(assignmentSchema),
});
export const getAssignmentBoard = defineRoute({
  method: 'GET',
  path: '/market-assignments/board',
  tag,
  summary: 'The board of a location over at most 31 days: days, slots, bookings with invoice state, absences, requests to place',
  access,
  query: boardQuery,
  response: boardSchema,
});
export const getAssignment = defineRoute({
  method: 'GET',
  path: '/market-assignments/:id',
  tag,
  summary: 'One booking with its day, slot, vendor, category and request',
  access,
  params: idParams,
  response: assignmentDetailSchema,
});
export const createAssignment = defineRoute({
  method: 'POST',
  path: '/market-assignments',
  tag,
  summary: 'Book an accepted request onto a free slot of its day (409 when the slot or the vendor is already booked)',
  access,
  body: assignmentCreateSchema,
  response: assignmentDetailSchema,
  status: 201,
});
export const moveAssignment = defineRoute({
  method: 'POST',
  path: '/market-assignments/:id/move',
  tag,
  summary: 'Move a booking to another free slot of the same day',
  access,
  params: idParams,
  body: assignmentMoveSchema,
  response: assignmentDetailSchema,
});
export const setAssignmentStatus = defineRoute({
  method: 'POST',
  path: '/market-assignments/:id/status',
  tag,
  summary: 'Mark a booking absent (approved or not), no-show or cancelled: frees the slot for that day only',
  access,
  params: idParams,
  body: assignmentStatusSchema,
  response: assignmentDetailSchema,
});
export const updateAssignment = defineRoute({
  method: 'PATCH',
  path: '/market-assignments/:id',
  tag,
  summary: 'Lock or unlock a booking (automatic allocation never moves a locked one)',
  access,
  params: idParams,
  body: assignmentUpdateSchema,
  response: assignmentDetailSchema,
});

export const getCategoryGaps = defineRoute({
  method: 'GET',
  path: '/market-days/:id/category-gaps',
  tag,
  summary: 'Per category of a market day: target, booked, pending and accepted-unplaced requests, and how many short',
  access,
  params: idParams,
  response: z.array(categoryGapSchema),
});

// ---- Policies ----

export const getMarketPolicies = defineRoute({
  method: 'GET',
  path: '/market-policies',
  tag,
  summary: 'The organization’s market settings (offer hours, deposit, due days, refund window); defaults until saved',
  access,
  response: marketPoliciesSchema,
});
export const updateMarketPolicies = defineRoute({
  method: 'PUT',
  path: '/market-policies',
  tag,
  summary: 'Save the organization’s market settings',
  access,
  body: marketPoliciesUpdateSchema,
  response: marketPoliciesSchema,
});

// Waitlist offers (the offer job and the manager's hand actions).
export * from './waitlist-routes.js';

// Automatic allocation of a day: proposal and apply.
export * from './allocation-routes.js';

// Check-in on the market day (search or scan, check in or no-show, offline-queued with the device's id).
export * from './check-in-routes.js';
