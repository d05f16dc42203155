import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-constants.js';

const url = z
  .url({ protocol: /^https?$/, error: 'must be an https:// address' })
  .max(2000, 'at most 2000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'must not carry a user name or password');
const description = z.string('must be text').trim().max(500, 'at most 500 characters').nullable();
const events = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], 'must be an event of the catalogue'),
    'must be a list of events',
  )
  .min(1, 'needs at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((xs) => new Set(xs).size === xs.length, 'lists an event twice');

export const webhookEndpointCreateSchema = z
  .object({ url, description: description.optional(), events, enabled: z.boolean('must be true or false').optional() })
  .strict();
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .object({
    url: url.optional(),
    description: description.optional(),
    events: events.optional(),
    enabled: z.boolean('must be true or false').optional(),
    ...concurrencyShape,
  })
  .strict();
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

/** Health: the success rate of the latest deliveries, since when all have failed, the last success. */
export const webhookHealthSchema = z.object({
  recentDeliveries: z.number().int(),
  recentDelivered: z.number().int(),
  /** 0-100, null before any finished delivery. */
  successRate: z.number().int().nullable(),
  failingSince: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  pending: z.number().int(),
});

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** After a rotation the previous secret also signs until then. */
  previousSecretExpiresAt: z.string().nullable(),
  health: webhookHealthSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The endpoint with its signing secret (on create, on rotation and on request). */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookSecretSchema = z.object({ secret: z.string(), previousSecretExpiresAt: z.string().nullable() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  requestHeaders: z.record(z.string(), z.string()),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The latest attempt's answer, for the log's row. */
  lastResponseStatus: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  payload: z.record(z.string(), z.unknown()),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveriesQuery = z
  .object({
    status: z.enum(WEBHOOK_DELIVERY_STATUSES, 'must be pending, delivered or failed').optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, 'must be a number from 1 to 100')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1').max(100, 'at most 100'))
      .optional(),
  })
  .strict();
