import { settingsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { userMfaEnrollmentRequired } from '../access/index.js';
import { createExport, EXPORT_JOB, exportFile, exportHandler, listExports } from './settings.export.js';
import { previewTemplate, testSend } from './settings.email.js';
import { RETENTION_JOB, runRetention } from './settings.retention.js';
import * as service from './settings.service.js';

/** Settings (issue 19): organization profile, e-mail, security policy and data, for holders of `settings`. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  ctx.jobs.register(EXPORT_JOB, exportHandler(ctx));
  ctx.jobs.register(RETENTION_JOB, runRetention);

  bindRoute(app, r.getSettings, ({ caller }) => service.getSettings(db, caller));
  bindRoute(app, r.updateProfileSettings, ({ caller, body }) => service.updateProfile(db, caller, body));
  bindRoute(app, r.updateEmailSettings, ({ caller, body }) => service.updateEmail(ctx, caller, body));
  bindRoute(app, r.testEmailSettings, ({ caller, body }) => testSend(ctx, caller, body.to));
  bindRoute(app, r.updateSecuritySettings, ({ caller, body }) => service.updateSecurity(db, caller, body));
  bindRoute(app, r.updateDataSettings, ({ caller, body }) => service.updateData(db, caller, body));

  bindRoute(app, r.listEmailTemplates, ({ caller }) => service.listTemplates(db, caller));
  bindRoute(app, r.updateEmailTemplate, ({ caller, params, body }) =>
    service.setTemplate(db, caller, params, { subject: body.subject, body: body.body }, body.expectedUpdatedAt),
  );
  bindRoute(app, r.resetEmailTemplate, ({ caller, params, body }) => service.setTemplate(db, caller, params, null, body.expectedUpdatedAt));
  bindRoute(app, r.previewEmailTemplate, async ({ caller, params, body }) => previewTemplate(ctx, caller, params, body));

  bindRoute(app, r.createSettingsExport, ({ caller }) => createExport(db, caller));
  bindRoute(app, r.listSettingsExports, ({ caller }) => listExports(db, caller));
  bindRoute(app, r.downloadSettingsExport, async ({ caller, params, reply }) => {
    const file = await exportFile(ctx, caller, params.id);
    void reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
    return reply as unknown as string;
  });

  bindRoute(app, r.getMySecurity, async ({ caller }) => ({ mfaEnrollmentRequired: await userMfaEnrollmentRequired(db, caller.userId) }));
}
