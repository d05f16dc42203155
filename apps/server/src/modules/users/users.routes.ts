import { usersRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as matrix from './permission-matrix.service.js';
import * as service from './users.service.js';
import './users.realtime.js';

/** Users of the organization and its permission matrix (decision 022); super admins only. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listUsers, ({ caller, query }) => service.listUsers(ctx, caller, query));
  bindRoute(app, r.getUser, ({ caller, params }) => service.getUser(ctx, caller, params.id));
  bindRoute(app, r.inviteUser, ({ caller, body }) => service.inviteUser(ctx, caller, body));
  bindRoute(app, r.changeUserRole, ({ caller, params, body }) => service.changeRole(ctx, caller, params.id, body));
  bindRoute(app, r.deactivateUser, ({ caller, params }) => service.deactivate(ctx, caller, params.id));
  bindRoute(app, r.reactivateUser, ({ caller, params }) => service.reactivate(ctx, caller, params.id));
  bindRoute(app, r.resendInvitation, ({ caller, params }) => service.resendInvitation(ctx, caller, params.id));
  bindRoute(app, r.resetUserMfa, ({ caller, params }) => service.resetMfa(ctx, caller, params.id));
  bindRoute(app, r.signOutUserEverywhere, ({ caller, params }) => service.signOutEverywhere(ctx, caller, params.id));
  bindRoute(app, r.userAudit, ({ caller, params }) => service.auditTrail(ctx, caller, params.id));
  bindRoute(app, r.getPermissionMatrix, ({ caller }) => matrix.getMatrix(ctx, caller));
  bindRoute(app, r.previewPermissionMatrix, ({ caller, body }) => matrix.previewMatrix(ctx, caller, body));
  bindRoute(app, r.savePermissionMatrix, ({ caller, body }) => matrix.saveMatrix(ctx, caller, body));
}
