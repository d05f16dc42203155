import fastifyMultipart from '@fastify/multipart';
import { publicApplicationsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as applicant from './applications.applicant.js';
import { editAnswers } from './applications.edit.js';
import { applicationForm } from './applications.public.service.js';
import { submitApplication } from './applications.submit.js';
import { uploadApplicationFile } from './applications.uploads.js';

/** Public application forms, uploads, submission and the applicant status page. */
export async function publicApplicationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.getApplicationForm, ({ params, query }) => applicationForm(ctx, params.stream, query.org));
  // Multipart parsing only where a file is expected; every other route keeps refusing form bodies.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    bindRoute(scope, r.uploadApplicationFile, ({ query, req }) => uploadApplicationFile(ctx, req, query.org));
  });
  bindRoute(app, r.submitApplication, ({ body, req }) => submitApplication(ctx, body, req.ip));
  bindRoute(app, r.getApplicationStatus, ({ body }) => applicant.applicationStatus(ctx, body.token));
  bindRoute(app, r.respondToApplication, ({ body, req }) => applicant.respond(ctx, body.token, body, req.ip));
  bindRoute(app, r.editApplication, ({ body, req }) => editAnswers(ctx, body, req.ip));
  bindRoute(app, r.withdrawApplication, ({ body, req }) => applicant.withdraw(ctx, body.token, body.reason, req.ip));
}
