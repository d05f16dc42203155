import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  APPLICATION_EMAIL_TEMPLATE_KEYS,
  APPLICATION_LOCALES,
  applicationDetailSchema,
  applicationDocumentReviewBody,
  applicationDocumentSchema,
  applicationListQuery,
  applicationPageSchema,
  applicationSettingsBody,
  applicationSettingsSchema,
  approveBody,
  bulkActionBody,
  bulkActionResult,
  emailTemplateBody,
  emailTemplateListSchema,
  emailTemplateSchema,
  rejectBody,
  requestInfoBody,
  scoreBody,
  staffMessageBody,
  waitlistBody,
  workshopListQuery,
  workshopSchema,
  workshopUpdateBody,
} from './schemas.js';

export * from './schemas.js';

const access = { permission: 'vendor_management' } as const;
const tag = 'applications';
const idParams = z.object({ id: z.uuid('must be an application id') }).strict();
const docParams = z.object({ id: z.uuid('must be an application id'), docId: z.uuid('must be a document id') }).strict();
const templateParams = z
  .object({
    key: z.enum(APPLICATION_EMAIL_TEMPLATE_KEYS, `must be one of ${APPLICATION_EMAIL_TEMPLATE_KEYS.join(', ')}`),
    locale: z.enum(APPLICATION_LOCALES, 'must be en or ar'),
  })
  .strict();

export const listApplications = defineRoute({
  method: 'GET',
  path: '/vendor-applications',
  tag,
  summary:
    'The review queue of one stream: filtered (status, category, market day, submitted dates, search), sorted and paged, with counts per status',
  access,
  query: applicationListQuery,
  response: applicationPageSchema,
});
export const getApplication = defineRoute({
  method: 'GET',
  path: '/vendor-applications/:id',
  tag,
  summary:
    'One application: answers, documents, scores (others hidden under blind review until the caller scores), history and the actions its status allows',
  access,
  params: idParams,
  response: applicationDetailSchema,
});
export const startReview = defineRoute({
  method: 'POST',
  path: '/vendor-applications/:id/start-review',
  tag,
  summary: 'Move a submitted (or waitlisted) application under review',
  access,
  params: idParams,
  response: applicationDetailSchema,
});
export const requestInfo = defineRoute({
  method: 'POST',
  path: '/vendor-applications/:id/request-info',
  tag,
  summary: 'Ask the applicant for more information; the message is e-mailed and shown on their status page',
  access,
  params: idParams,
  body: requestInfoBody,
  response: applicationDetailSchema,
});
export const approveApplication = defineRoute({
  method: 'POST',
  path: '/vendor-applications/:id/approve',
  tag,
  summary:
    'Approve: a vendor application creates or links (by e-mail) the vendor and a user with the vendor role, invited to set a password; a workshop is created and placed on one of its market days within capacity',
  access,
  params: idParams,
  body: approveBody,
  response: applicationDetailSchema,
});
export const waitlistApplication = defineRoute({
  method: 'POST',
  path: '/vendor-applications/:id/waitlist',
  tag,
  summary: 'Put an application on the waiting list',
  access,
  params: idParams,
  body: waitlistBody,
  response: applicationDetailSchema,
});
export const rejectApplication = defineRoute({
  method: 'POST',
  path: '/vendor-applications/:id/reject',
  tag,
  summary: 'Reject an application with a reason the applicant is told',
  access,
  params: idParams,
  body: rejectBody,
  response: applicationDetailSchema,
});
export const bulkApplicationAction = defineRoute({
  method: 'POST',
  path: '/vendor-applications/bulk',
  tag,
  summary: 'Approve, waitlist or reject several applications; each succeeds or fails on its own, with the reason',
  access,
  body: bulkActionBody,
  response: bulkActionResult,
});
export const messageApplicant = defineRoute({
  method: 'POST',
  path: '/vendor-applications/:id/messages',
  tag,
  summary: 'Send the applicant a message (e-mailed and shown on the status page) without changing the status',
  access,
  params: idParams,
  body: staffMessageBody,
  response: applicationDetailSchema,
  status: 201,
});
export const scoreApplication = defineRoute({
  method: 'PUT',
  path: '/vendor-applications/:id/score',
  tag,
  summary: "Give or change the caller's score (1 to 5) and comment",
  access,
  params: idParams,
  body: scoreBody,
  response: applicationDetailSchema,
});
export const reviewApplicationDocument = defineRoute({
  method: 'PATCH',
  path: '/vendor-applications/:id/documents/:docId',
  tag,
  summary: 'Mark a document valid or declined (with a note) and set its expiry date',
  access,
  params: docParams,
  body: applicationDocumentReviewBody,
  response: applicationDocumentSchema,
});
export const applicationDocumentUrl = defineRoute({
  method: 'GET',
  path: '/vendor-applications/:id/documents/:docId/url',
  tag,
  summary: 'A short-lived signed link to preview or download an application document',
  access,
  params: docParams,
  response: z.object({ url: z.string(), expiresIn: z.number().int(), mimeType: z.string() }),
});
export const listEmailTemplates = defineRoute({
  method: 'GET',
  path: '/application-email-templates',
  tag,
  summary: 'The e-mails applicants receive, in English and Arabic, with the placeholders they may use',
  access,
  response: emailTemplateListSchema,
});
export const saveEmailTemplate = defineRoute({
  method: 'PUT',
  path: '/application-email-templates/:key/:locale',
  tag,
  summary: 'Change the wording of an applicant e-mail in one language',
  access,
  params: templateParams,
  body: emailTemplateBody,
  response: emailTemplateSchema,
});
export const resetEmailTemplate = defineRoute({
  method: 'DELETE',
  path: '/application-email-templates/:key/:locale',
  tag,
  summary: 'Go back to the built-in wording of an applicant e-mail',
  access,
  params: templateParams,
  response: emailTemplateSchema,
});
export const getApplicationSettings = defineRoute({
  method: 'GET',
  path: '/application-settings',
  tag,
  summary: "The organization's review settings (blind review, workshops per market day)",
  access,
  response: applicationSettingsSchema,
});
export const updateApplicationSettings = defineRoute({
  method: 'PATCH',
  path: '/application-settings',
  tag,
  summary: "Change the organization's review settings",
  access,
  body: applicationSettingsBody,
  response: applicationSettingsSchema,
});
export const listWorkshops = defineRoute({
  method: 'GET',
  path: '/workshops',
  tag,
  summary: 'Workshops of the organization with their market day',
  access,
  query: workshopListQuery,
  response: z.object({ items: z.array(workshopSchema) }),
});
export const updateWorkshop = defineRoute({
  method: 'PATCH',
  path: '/workshops/:id',
  tag,
  summary: 'Move a workshop to another market day (within its capacity) or cancel it',
  access,
  params: z.object({ id: z.uuid('must be a workshop id') }).strict(),
  body: workshopUpdateBody,
  response: workshopSchema,
});
