// Outgoing webhooks (Standard Webhooks): the event catalogue and the delivery schedule, zod-free for the browser.

/** Every event an endpoint may subscribe to, by group; `webhook.test` is sent on request only. */
export const WEBHOOK_EVENT_GROUPS = {
  product: ['product.created', 'product.updated', 'product.deleted'],
  order: ['order.created', 'order.updated', 'order.confirmed', 'order.ready', 'order.completed', 'order.cancelled', 'order.paid'],
  sale: ['sale.completed', 'sale.refunded'],
  application: ['application.submitted', 'application.approved', 'application.rejected'],
  assignment: ['assignment.created', 'assignment.updated', 'assignment.moved', 'assignment.status_changed', 'assignment.cancelled'],
  payment: ['payment.received', 'payment.refunded'],
  import: ['import.completed', 'import.failed'],
  publication: ['publication.published'],
} as const;

export type WebhookEventGroup = keyof typeof WEBHOOK_EVENT_GROUPS;
export type WebhookEventType = (typeof WEBHOOK_EVENT_GROUPS)[WebhookEventGroup][number];
export const WEBHOOK_EVENT_TYPES = Object.values(WEBHOOK_EVENT_GROUPS).flat() as WebhookEventType[];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Delay before each attempt: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (eight attempts in all). */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** An endpoint whose deliveries have all failed for this long is disabled, and its organization's admins told. */
export const WEBHOOK_DISABLE_AFTER_SECONDS = 5 * 24 * 3600;
/** A 2xx answer within this time is a delivery. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Health is the success rate of this many latest deliveries. */
export const WEBHOOK_HEALTH_WINDOW = 50;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
