import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  dataSettingsUpdateSchema,
  emailSettingsUpdateSchema,
  emailTemplateListSchema,
  emailTemplateParams,
  emailTemplatePreviewBody,
  emailTemplatePreviewSchema,
  emailTemplateResetBody,
  emailTemplateUpdateSchema,
  mySecuritySchema,
  profileSettingsUpdateSchema,
  securitySettingsUpdateSchema,
  settingsExportListSchema,
  settingsExportSchema,
  settingsSchema,
  smtpTestResultSchema,
  smtpTestSchema,
} from './schemas.js';

export * from './schemas.js';

const access = { permission: 'settings' } as const;
const tag = 'settings';

export const getSettings = defineRoute({
  method: 'GET',
  path: '/settings',
  tag,
  summary: "The organization's settings: profile, e-mail (never the SMTP password), security policy and data retention",
  access,
  response: settingsSchema,
});
export const updateProfileSettings = defineRoute({
  method: 'PUT',
  path: '/settings/profile',
  tag,
  summary: "The organization's name, logo, address, contact, time zone, base currency and default language",
  access,
  body: profileSettingsUpdateSchema,
  response: settingsSchema,
});
export const updateEmailSettings = defineRoute({
  method: 'PUT',
  path: '/settings/email',
  tag,
  summary: "The organization's SMTP server and sender; the password is stored encrypted and never answered",
  access,
  body: emailSettingsUpdateSchema,
  response: settingsSchema,
});
export const testEmailSettings = defineRoute({
  method: 'POST',
  path: '/settings/email/test',
  tag,
  summary: "Sends a test e-mail through the organization's saved SMTP settings and reports the server's answer",
  access,
  body: smtpTestSchema,
  response: smtpTestResultSchema,
});
export const updateSecuritySettings = defineRoute({
  method: 'PUT',
  path: '/settings/security',
  tag,
  summary: 'Password length, two-step sign-in for staff roles, session lifetime and sign-in throttling',
  access,
  body: securitySettingsUpdateSchema,
  response: settingsSchema,
});
export const updateDataSettings = defineRoute({
  method: 'PUT',
  path: '/settings/data',
  tag,
  summary: 'How many days the audit log and the e-mail outbox are kept (null: forever)',
  access,
  body: dataSettingsUpdateSchema,
  response: settingsSchema,
});
export const listEmailTemplates = defineRoute({
  method: 'GET',
  path: '/settings/email-templates',
  tag,
  summary: "The e-mail templates in each language, shipped text and the organization's own",
  access,
  response: emailTemplateListSchema,
});
export const updateEmailTemplate = defineRoute({
  method: 'PUT',
  path: '/settings/email-templates/:template/:language',
  tag,
  summary: "Rewords a template in one language for the organization's e-mails",
  access,
  params: emailTemplateParams,
  body: emailTemplateUpdateSchema,
  response: emailTemplateListSchema,
});
export const resetEmailTemplate = defineRoute({
  method: 'POST',
  path: '/settings/email-templates/:template/:language/reset',
  tag,
  summary: 'Goes back to the shipped text of a template in one language',
  access,
  params: emailTemplateParams,
  body: emailTemplateResetBody,
  response: emailTemplateListSchema,
});
export const previewEmailTemplate = defineRoute({
  method: 'POST',
  path: '/settings/email-templates/:template/:language/preview',
  tag,
  summary: 'The e-mail a template text makes, with sample values, without saving it',
  access,
  params: emailTemplateParams,
  body: emailTemplatePreviewBody,
  response: emailTemplatePreviewSchema,
});
export const createSettingsExport = defineRoute({
  method: 'POST',
  path: '/settings/exports',
  tag,
  summary: "Queues an export of the organization's data as a JSON-lines file",
  access,
  body: z.object({}).strict(),
  response: settingsExportSchema,
  status: 202,
});
export const listSettingsExports = defineRoute({
  method: 'GET',
  path: '/settings/exports',
  tag,
  summary: "The organization's data exports, newest first, with their progress",
  access,
  response: settingsExportListSchema,
});
export const downloadSettingsExport = defineRoute({
  method: 'GET',
  path: '/settings/exports/:id/file',
  tag,
  summary: 'The file of a finished export (JSON lines: one {table, row} object per line)',
  access,
  params: z.object({ id: z.uuid('must be an export id') }),
  response: z.string(),
});
export const getMySecurity = defineRoute({
  method: 'GET',
  path: '/settings/my-security',
  tag,
  summary: "Whether the organization's policy asks the signed-in user to set up two-step sign-in",
  access: { authenticated: true },
  response: mySecuritySchema,
});
