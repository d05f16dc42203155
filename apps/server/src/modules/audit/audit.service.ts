import type { DbOrTx } from '../../db/client.js';
import { insertAuditRows, type AuditRow } from './audit.repository.js';
import { emitForAudit } from './webhook-events.js';

/**
 * Who wrote, and for which organization: a route's caller (`Caller` of lib/api-route fits as it is),
 * or the same shape spelled out (userId null for the service key or the system, orgId null for rows
 * of no organization, such as auth users).
 */
export interface AuditBy {
  userId: string | null;
  orgId: string | null;
  ip?: string | null;
  /** Set when an organization's API key wrote (a route's Caller carries it): `userId` is then the key's creator. */
  apiKey?: { id: string } | null;
}

/** What was written: one object, so the order of action and entity type cannot be mixed up. */
export interface AuditChange {
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

const rowOf = (by: AuditBy, c: AuditChange): AuditRow => ({
  orgId: by.orgId,
  actorId: by.userId,
  action: c.action,
  entityType: c.entityType,
  entityId: c.entityId,
  before: c.before ?? null,
  after: c.after ?? null,
  ip: by.ip ?? null,
  apiKeyId: by.apiKey?.id ?? null,
});

/**
 * Records a write; call it inside the transaction of the write so both land or neither does. A write the webhook
 * catalogue knows also queues its event for the organization's subscribed endpoints (webhook-events.ts).
 */
export async function recordAudit(db: DbOrTx, by: AuditBy, change: AuditChange): Promise<void> {
  await insertAuditRows(db, [rowOf(by, change)]);
  await emitForAudit(db, by.orgId, [change]);
}

/** Records several writes of one caller at once (in the write's transaction, as recordAudit). */
export async function recordAudits(db: DbOrTx, by: AuditBy, changes: readonly AuditChange[]): Promise<void> {
  await insertAuditRows(
    db,
    changes.map((c) => rowOf(by, c)),
  );
  await emitForAudit(db, by.orgId, changes);
}
