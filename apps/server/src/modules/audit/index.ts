// The audit log every write records into, in the write's own transaction.
export { recordAudit, recordAudits, type AuditBy, type AuditChange } from './audit.service.js';
export {
  emitWebhookEvents,
  eventData,
  subscribedTypesSql,
  webhookEventOf,
  WEBHOOK_DELIVER_JOB,
  type WebhookEvent,
} from './webhook-events.js';
