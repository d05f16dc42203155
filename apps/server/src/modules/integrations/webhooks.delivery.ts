import { WEBHOOK_DISABLE_AFTER_SECONDS, WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_TEST_EVENT } from '@market/contracts/plain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { unseal } from '../../lib/seal.js';
import { recordAudit, WEBHOOK_DELIVER_JOB } from '../audit/index.js';
import { recipientLanguage, metadataLanguage, type EmailLanguage } from '../email/index.js';
import { enqueueJob, type JobContext, type JobRow } from '../jobs/index.js';
import * as repo from './webhooks.repository.js';
import { webhookSettingsOf, type WebhookSettings } from './webhooks.service.js';
import { postWebhook, type SendResult } from './webhooks.send.js';
import { signatureHeader } from './webhooks.signature.js';

// The sender: one attempt per job. A failed attempt queues the next one on the schedule (immediately, 5 s, 5 min,
// 30 min, 2 h, 5 h, 10 h, 10 h) with the same webhook-id; the job's own retries only cover a crash of the sender.

interface DeliverPayload {
  deliveryId: string;
  /** Which attempt this job makes (1-based); a job whose attempt was already made does nothing. */
  attempt: number;
  /** A replay is one attempt, without a schedule after it. */
  replay?: boolean;
}

const delivered = (r: SendResult) => r.error === null && r.status !== null && r.status >= 200 && r.status < 300;

/** The signing secrets in force at `now`: the current one, and the previous one during its overlap. */
function secretsAt(s: WebhookSettings, endpoint: repo.EndpointRow, now: Date): string[] {
  const current = unseal(s.key, endpoint.secretCipher);
  if (!current) throw new Error('The signing secret could not be read with the server key');
  const previous =
    endpoint.previousSecretCipher && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? unseal(s.key, endpoint.previousSecretCipher)
      : null;
  return previous ? [current, previous] : [current];
}

export function webhookHeaders(secrets: string[], msgId: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, msgId, timestamp, body),
  };
}

const DISABLED_MAIL: Record<EmailLanguage, (url: string, link: string) => { subject: string; text: string }> = {
  en: (url, link) => ({
    subject: 'A webhook endpoint was disabled',
    text: `Every delivery to the webhook endpoint ${url} has failed for five days, so it was disabled and no more events are sent to it.\n\nFix the receiver, then enable the endpoint again under Integrations: ${link}\n`,
  }),
  ar: (url, link) => ({
    subject: 'تم تعطيل نقطة استقبال webhook',
    text: `فشلت كل عمليات الإرسال إلى نقطة الاستقبال ${url} لمدة خمسة أيام، لذلك تم تعطيلها ولن تُرسل إليها أحداث أخرى.\n\nأصلح المستقبِل ثم فعّل نقطة الاستقبال من جديد في صفحة التكاملات: ${link}\n`,
  }),
};

/** Five days of failures: the endpoint is disabled and its organization's super admins and admins are told. */
async function disableFailing(ctx: AppContext, tx: DbOrTx, endpoint: repo.EndpointRow, failingSince: Date): Promise<void> {
  const reason = `Every delivery failed from ${failingSince.toISOString()} for five days`;
  const row = await repo.disableEndpoint(tx, endpoint.id, reason);
  if (!row) return;
  await recordAudit(
    tx,
    { userId: null, orgId: endpoint.orgId },
    {
      action: 'disable',
      entityType: 'webhook_endpoint',
      entityId: endpoint.id,
      before: { enabled: true },
      after: { enabled: false, disabledReason: reason },
    },
  );
  const link = `${ctx.config.publicUrl}/integrations`;
  for (const admin of await repo.organizationAdmins(tx, endpoint.orgId)) {
    const lang = await recipientLanguage(tx, [metadataLanguage(admin.meta)], endpoint.orgId);
    await ctx.mailer.enqueue(tx, {
      to: admin.email,
      orgId: endpoint.orgId,
      template: 'webhooks.endpoint_disabled',
      ...DISABLED_MAIL[lang](endpoint.url, link),
    });
  }
}

/** Makes one attempt of a delivery and records it; answers what happened (the job's result). */
export async function deliverOnce(ctx: AppContext, s: WebhookSettings, p: DeliverPayload, now: Date): Promise<Record<string, unknown>> {
  const found = await repo.deliveryForSend(ctx.db, p.deliveryId);
  if (!found) return { skipped: 'gone' };
  const { delivery, endpoint } = found;
  if (delivery.status !== 'pending' || delivery.attempts !== p.attempt - 1) return { skipped: 'already attempted' };
  // A disabled endpoint gets no more scheduled attempts; a test event or a replay was asked for by a person.
  if (!endpoint.enabled && !p.replay && delivery.eventType !== WEBHOOK_TEST_EVENT) {
    await repo.settleDelivery(ctx.db, delivery.id, delivery.attempts, { status: 'failed', nextAttemptAt: null });
    return { skipped: 'endpoint disabled' };
  }
  const body = JSON.stringify(delivery.payload);
  const headers = webhookHeaders(secretsAt(s, endpoint, now), delivery.messageId, now, body);
  const result = await postWebhook(endpoint.url, headers, body, s.allowPrivate);
  const ok = delivered(result);
  const next = WEBHOOK_RETRY_SCHEDULE_SECONDS[p.attempt];
  const retryAt = !ok && !p.replay && next !== undefined ? new Date(now.getTime() + next * 1000) : null;
  await ctx.db.transaction(async (tx) => {
    const fenced = await repo.settleDelivery(tx, delivery.id, delivery.attempts, {
      attempts: p.attempt,
      status: ok ? 'delivered' : retryAt ? 'pending' : 'failed',
      nextAttemptAt: retryAt,
      ...(ok ? { deliveredAt: now } : {}),
    });
    if (!fenced) return;
    await repo.insertAttempt(tx, {
      deliveryId: delivery.id,
      requestHeaders: { ...headers, 'content-type': 'application/json' },
      responseStatus: result.status,
      responseExcerpt: result.excerpt,
      error: result.error ?? (ok ? null : `The endpoint answered ${result.status}`),
      durationMs: result.durationMs,
      createdAt: now,
    });
    if (retryAt)
      await enqueueJob(tx, {
        orgId: delivery.orgId,
        kind: WEBHOOK_DELIVER_JOB,
        payload: { deliveryId: delivery.id, attempt: p.attempt + 1 },
        runAt: retryAt,
        dedupeKey: `webhook:${delivery.id}:${p.attempt + 1}`,
        maxAttempts: 3,
      });
    if (ok) {
      await repo.endpointSucceeded(tx, endpoint.id);
      return;
    }
    const since = await repo.endpointFailed(tx, endpoint.id, now);
    if (endpoint.enabled && since && now.getTime() - since.getTime() >= WEBHOOK_DISABLE_AFTER_SECONDS * 1000)
      await disableFailing(ctx, tx, endpoint, since);
  });
  return { attempt: p.attempt, status: result.status, delivered: ok, retryAt: retryAt?.toISOString() ?? null };
}

/** Registers the sender with the job queue. */
export function registerWebhookJobs(ctx: AppContext): void {
  const s = webhookSettingsOf(ctx.config);
  ctx.jobs.register(WEBHOOK_DELIVER_JOB, (job: JobRow, jc: JobContext) =>
    deliverOnce(ctx, s, job.payload as unknown as DeliverPayload, jc.now),
  );
}
