import { marketAssignmentsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as assignments from './market-assignments.service.js';
import * as boards from './market-board.service.js';
import * as policies from './market-policies.service.js';
import * as requests from './market-requests.service.js';
import * as terms from './market-term.service.js';

export async function marketAssignmentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listMarketRequests, ({ caller, query }) => requests.listRequests(ctx.db, caller, query));
  bindRoute(app, r.createMarketRequest, ({ caller, body }) => requests.createRequest(ctx.db, caller, body));
  bindRoute(app, r.updateMarketRequest, ({ caller, params, body }) => requests.updateRequest(ctx.db, caller, params.id, body));
  bindRoute(app, r.decideMarketRequest, ({ caller, params, body }) => requests.decideRequest(ctx.db, caller, params.id, body));
  bindRoute(app, r.withdrawMarketRequest, ({ caller, params }) => requests.withdrawRequest(ctx.db, caller, params.id));
  bindRoute(app, r.bookTerm, ({ caller, body }) => terms.bookTerm(ctx.db, caller, body));

  bindRoute(app, r.listAssignments, ({ caller, query }) => assignments.listAssignments(ctx.db, caller, query));
  bindRoute(app, r.getAssignmentBoard, ({ caller, query }) => boards.board(ctx.db, caller, query));
  bindRoute(app, r.getAssignment, ({ caller, params }) => assignments.getAssignment(ctx.db, caller, params.id));
  bindRoute(app, r.createAssignment, ({ caller, body }) => assignments.createAssignment(ctx.db, caller, body));
  bindRoute(app, r.moveAssignment, ({ caller, params, body }) => assignments.moveAssignment(ctx.db, caller, params.id, body.slotId));
  bindRoute(app, r.setAssignmentStatus, ({ caller, params, body }) => assignments.setAssignmentStatus(ctx.db, caller, params.id, body));
  bindRoute(app, r.updateAssignment, ({ caller, params, body }) => assignments.setAssignmentLocked(ctx.db, caller, params.id, body.locked));
  bindRoute(app, r.getCategoryGaps, ({ caller, params }) => boards.categoryGaps(ctx.db, caller, params.id));

  bindRoute(app, r.getMarketPolicies, ({ caller }) => policies.getPolicies(ctx.db, caller));
  bindRoute(app, r.updateMarketPolicies, ({ caller, body }) => policies.updatePolicies(ctx.db, caller, body));
}
