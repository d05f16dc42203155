import { applicationsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { approve } from './applications.approve.js';
import { bulkAction } from './applications.bulk.js';
import { documentUrl, reviewDocument } from './applications.documents.js';
import * as svc from './applications.service.js';
import * as templates from './applications.templates.js';
import * as workshops from './applications.workshops.js';

/** Staff review of applications, e-mail templates, settings and workshops. */
export async function applicationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listApplications, ({ caller, query }) => svc.listApplications(ctx.db, caller, query));
  bindRoute(app, r.getApplication, ({ caller, params }) => svc.loadDetail(ctx.db, caller, params.id));
  bindRoute(app, r.startReview, ({ caller, params }) => svc.startReview(ctx, caller, params.id));
  bindRoute(app, r.requestInfo, ({ caller, params, body }) => svc.requestInfo(ctx, caller, params.id, body.message));
  bindRoute(app, r.approveApplication, ({ caller, params, body }) => approve(ctx, caller, params.id, body));
  bindRoute(app, r.waitlistApplication, ({ caller, params, body }) => svc.waitlist(ctx, caller, params.id, body.message));
  bindRoute(app, r.rejectApplication, ({ caller, params, body }) => svc.reject(ctx, caller, params.id, body.reason));
  bindRoute(app, r.bulkApplicationAction, ({ caller, body }) => bulkAction(ctx, caller, body));
  bindRoute(app, r.messageApplicant, ({ caller, params, body }) => svc.messageApplicant(ctx, caller, params.id, body.message));
  bindRoute(app, r.scoreApplication, ({ caller, params, body }) => svc.score(ctx, caller, params.id, body));
  bindRoute(app, r.reviewApplicationDocument, ({ caller, params, body }) => reviewDocument(ctx, caller, params.id, params.docId, body));
  bindRoute(app, r.applicationDocumentUrl, ({ caller, params }) => documentUrl(ctx, caller, params.id, params.docId));
  bindRoute(app, r.listEmailTemplates, ({ caller }) => templates.listTemplates(ctx.db, caller));
  bindRoute(app, r.saveEmailTemplate, ({ caller, params, body }) =>
    templates.saveTemplate(ctx.db, caller, params.key, params.locale, body),
  );
  bindRoute(app, r.resetEmailTemplate, ({ caller, params }) => templates.resetTemplate(ctx.db, caller, params.key, params.locale));
  bindRoute(app, r.getApplicationSettings, ({ caller }) => templates.getSettings(ctx.db, caller));
  bindRoute(app, r.updateApplicationSettings, ({ caller, body }) => templates.updateSettings(ctx.db, caller, body));
  bindRoute(app, r.listWorkshops, ({ caller, query }) => workshops.listWorkshops(ctx.db, caller, query));
  bindRoute(app, r.updateWorkshop, ({ caller, params, body }) => workshops.updateWorkshop(ctx.db, caller, params.id, body));
}
