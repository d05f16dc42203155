import type { integrationsRoutes as c } from '@market/contracts';
import { WEBHOOK_TEST_EVENT } from '@market/contracts/plain';
import type { Db } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { deriveKey, seal, unseal } from '../../lib/seal.js';
import { emitWebhookEvents, recordAudit } from '../audit/index.js';
import { enqueueJob } from '../jobs/index.js';
import { WEBHOOK_DELIVER_JOB } from '../audit/index.js';
import * as repo from './webhooks.repository.js';
import { newWebhookSecret } from './webhooks.signature.js';
import { resolveTarget, UnsafeUrlError } from '../../lib/outbound-address.js';

export interface WebhookSettings {
  /** Key sealing the endpoints' secrets (deriveKey(jwtSecret, 'webhooks')). */
  key: Buffer;
  allowPrivate: boolean;
}

/** After a rotation the previous secret keeps signing for this long. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export const webhookSettingsOf = (config: { jwtSecret: string; webhooksAllowPrivateNetworks?: boolean }): WebhookSettings => ({
  key: deriveKey(config.jwtSecret, 'webhooks'),
  allowPrivate: config.webhooksAllowPrivateNetworks ?? false,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toEndpoint(row: repo.EndpointRow, h: repo.HealthRow | undefined): c.WebhookEndpoint {
  const health = h ?? { recentDeliveries: 0, recentDelivered: 0, pending: 0, lastSuccessAt: null };
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: row.previousSecretCipher ? iso(row.previousSecretExpiresAt) : null,
    health: {
      recentDeliveries: health.recentDeliveries,
      recentDelivered: health.recentDelivered,
      successRate: health.recentDeliveries ? Math.round((100 * health.recentDelivered) / health.recentDeliveries) : null,
      failingSince: iso(row.failingSince),
      lastSuccessAt: iso(health.lastSuccessAt),
      pending: health.pending,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryListRow): c.WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    lastResponseStatus: row.lastResponseStatus === null ? null : Number(row.lastResponseStatus),
    lastDurationMs: row.lastDurationMs === null ? null : Number(row.lastDurationMs),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: never a secret. */
const audited = (row: repo.EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
});

/** The address checked now as at send time: a refusal names the field. */
async function assertSafeUrl(url: string, s: WebhookSettings): Promise<void> {
  try {
    await resolveTarget(url, s.allowPrivate);
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw invalid('url', err.message);
    throw err;
  }
}

async function withHealth(db: Db, orgId: string, row: repo.EndpointRow): Promise<c.WebhookEndpoint> {
  return toEndpoint(row, (await repo.healthOf(db, orgId, [row.id])).get(row.id));
}

async function endpointOrThrow(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], orgId: string, id: string) {
  const row = await repo.findEndpoint(db, orgId, id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

function openSecret(s: WebhookSettings, cipher: string): string {
  const secret = unseal(s.key, cipher);
  if (!secret) throw new AppError(500, 'internal', 'The signing secret could not be read with the server key');
  return secret;
}

export async function listEndpoints(db: Db, caller: Caller): Promise<c.WebhookEndpoint[]> {
  const rows = await repo.listEndpoints(db, caller.orgId);
  const health = await repo.healthOf(
    db,
    caller.orgId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEndpoint(r, health.get(r.id)));
}

export async function getEndpoint(db: Db, caller: Caller, id: string): Promise<c.WebhookEndpoint> {
  return withHealth(db, caller.orgId, await endpointOrThrow(db, caller.orgId, id));
}

export async function createEndpoint(
  db: Db,
  s: WebhookSettings,
  caller: Caller,
  input: c.WebhookEndpointCreate,
): Promise<c.WebhookEndpointWithSecret> {
  await assertSafeUrl(input.url, s);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertEndpoint(tx, {
      orgId: caller.orgId,
      url: input.url,
      description: input.description || null,
      events: input.events,
      enabled: input.enabled ?? true,
      secretCipher: seal(s.key, secret),
      createdBy: caller.userId,
    });
    await recordAudit(tx, caller, { action: 'create', entityType: 'webhook_endpoint', entityId: created.id, after: audited(created) });
    return created;
  });
  return { ...toEndpoint(row, undefined), secret };
}

export async function updateEndpoint(
  db: Db,
  s: WebhookSettings,
  caller: Caller,
  id: string,
  input: c.WebhookEndpointUpdate,
): Promise<c.WebhookEndpoint> {
  if (input.url !== undefined) await assertSafeUrl(input.url, s);
  const row = await db.transaction(async (tx) => {
    await lockUnchanged(
      tx,
      webhookEndpoints,
      and(eq(webhookEndpoints.orgId, caller.orgId), eq(webhookEndpoints.id, id)),
      input.expectedUpdatedAt,
    );
    const before = await endpointOrThrow(tx, caller.orgId, id);
    const { expectedUpdatedAt: _stamp, ...fields } = input;
    // Enabling again starts a new record: the old failure streak and the reason it was disabled go.
    const reenabled = fields.enabled === true && !before.enabled;
    const after = await repo.updateEndpoint(tx, caller.orgId, id, {
      ...(fields.url !== undefined ? { url: fields.url } : {}),
      ...(fields.description !== undefined ? { description: fields.description || null } : {}),
      ...(fields.events !== undefined ? { events: fields.events } : {}),
      ...(fields.enabled !== undefined ? { enabled: fields.enabled } : {}),
      ...(reenabled ? { disabledReason: null, failingSince: null } : {}),
    });
    await recordAudit(tx, caller, {
      action: 'update',
      entityType: 'webhook_endpoint',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
  return withHealth(db, caller.orgId, row);
}

export async function deleteEndpoint(db: Db, caller: Caller, id: string): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const before = await endpointOrThrow(tx, caller.orgId, id);
    await repo.deleteEndpoint(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'webhook_endpoint', entityId: id, before: audited(before) });
  });
  return { ok: true };
}

export async function getSecret(db: Db, s: WebhookSettings, caller: Caller, id: string): Promise<c.WebhookSecret> {
  const row = await endpointOrThrow(db, caller.orgId, id);
  return {
    secret: openSecret(s, row.secretCipher),
    previousSecretExpiresAt: row.previousSecretCipher ? iso(row.previousSecretExpiresAt) : null,
  };
}

/** A new secret; the current one keeps signing (a second `v1,` signature) for 24 hours. */
export async function rotateSecret(
  db: Db,
  s: WebhookSettings,
  caller: Caller,
  id: string,
  now = new Date(),
): Promise<c.WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const before = await endpointOrThrow(tx, caller.orgId, id);
    const after = await repo.updateEndpoint(tx, caller.orgId, id, {
      secretCipher: seal(s.key, secret),
      previousSecretCipher: before.secretCipher,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
    });
    await recordAudit(tx, caller, {
      action: 'rotate_secret',
      entityType: 'webhook_endpoint',
      entityId: id,
      after: { previousSecretExpiresAt: after.previousSecretExpiresAt },
    });
    return after;
  });
  return { ...(await withHealth(db, caller.orgId, row)), secret };
}

export async function sendTest(db: Db, caller: Caller, id: string): Promise<c.WebhookDelivery> {
  const deliveryId = await db.transaction(async (tx) => {
    const endpoint = await endpointOrThrow(tx, caller.orgId, id);
    const [made] = await emitWebhookEvents(
      tx,
      caller.orgId,
      [{ type: WEBHOOK_TEST_EVENT, data: { id: endpoint.id, message: 'A test event' } }],
      {
        endpointId: endpoint.id,
      },
    );
    await recordAudit(tx, caller, { action: 'send_test', entityType: 'webhook_endpoint', entityId: id, after: { deliveryId: made } });
    return made!;
  });
  return toDelivery((await repo.findDelivery(db, caller.orgId, id, deliveryId))!);
}

export async function listDeliveries(
  db: Db,
  caller: Caller,
  id: string,
  query: { status?: c.WebhookDelivery['status']; limit?: number },
): Promise<c.WebhookDelivery[]> {
  await endpointOrThrow(db, caller.orgId, id);
  return (await repo.listDeliveries(db, caller.orgId, id, { status: query.status, limit: query.limit ?? 50 })).map(toDelivery);
}

export async function getDelivery(db: Db, caller: Caller, id: string, deliveryId: string): Promise<c.WebhookDeliveryDetail> {
  const row = await repo.findDelivery(db, caller.orgId, id, deliveryId);
  if (!row) throw notFound('Delivery');
  const attempts = await repo.attemptsOf(db, deliveryId);
  return {
    ...toDelivery(row),
    payload: row.payload,
    attemptLog: attempts.map((a) => ({
      id: a.id,
      requestHeaders: a.requestHeaders,
      responseStatus: a.responseStatus,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
      durationMs: a.durationMs,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

/** One more attempt of a delivery now, with the same webhook-id; a delivery still on its schedule is refused. */
export async function replayDelivery(db: Db, caller: Caller, id: string, deliveryId: string): Promise<c.WebhookDelivery> {
  await db.transaction(async (tx) => {
    const d = await repo.lockDelivery(tx, caller.orgId, id, deliveryId);
    if (!d) throw notFound('Delivery');
    if (d.status === 'pending') throw conflict('This delivery is still being sent; wait for its attempts to finish');
    const attempt = d.attempts + 1;
    await repo.settleDelivery(tx, d.id, d.attempts, { status: 'pending', nextAttemptAt: new Date() });
    await enqueueJob(tx, {
      orgId: caller.orgId,
      kind: WEBHOOK_DELIVER_JOB,
      payload: { deliveryId: d.id, attempt, replay: true },
      dedupeKey: `webhook:${d.id}:${attempt}`,
      maxAttempts: 3,
    });
    await recordAudit(tx, caller, {
      action: 'replay',
      entityType: 'webhook_endpoint',
      entityId: id,
      after: { deliveryId, messageId: d.messageId },
    });
  });
  return toDelivery((await repo.findDelivery(db, caller.orgId, id, deliveryId))!);
}
