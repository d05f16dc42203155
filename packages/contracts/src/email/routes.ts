import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { emailDetailSchema, emailOutboxPageSchema, emailOutboxQuery, emailSummarySchema, emailTestCreateSchema } from './schemas.js';

const idParams = z.object({ id: z.uuid('must be a message id') });

export const listEmailOutbox = defineRoute({
  method: 'GET',
  path: '/email-outbox',
  tag: 'email',
  summary: 'Outbox messages, newest first (no bodies)',
  access: { permission: 'settings', superAdminOnly: true },
  query: emailOutboxQuery,
  response: emailOutboxPageSchema,
});
export const getEmailOutboxMessage = defineRoute({
  method: 'GET',
  path: '/email-outbox/:id',
  tag: 'email',
  summary: 'One outbox message with its bodies',
  access: { permission: 'settings', superAdminOnly: true },
  params: idParams,
  response: emailDetailSchema,
});
export const sendTestEmail = defineRoute({
  method: 'POST',
  path: '/email-tests',
  tag: 'email',
  summary: 'Queue a test e-mail',
  access: { permission: 'settings' },
  body: emailTestCreateSchema,
  response: emailSummarySchema,
  status: 202,
});
export const getTestEmail = defineRoute({
  method: 'GET',
  path: '/email-tests/:id',
  tag: 'email',
  summary: 'Delivery status of a test e-mail',
  access: { permission: 'settings' },
  params: idParams,
  response: emailSummarySchema,
});
