import { and, desc, eq, sql } from 'drizzle-orm';
import { WEBHOOK_HEALTH_WINDOW } from '@market/contracts/plain';
import type { DbOrTx } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

// All SQL of outgoing webhooks (the events themselves are queued by modules/audit/webhook-events.ts).

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export interface HealthRow {
  recentDeliveries: number;
  recentDelivered: number;
  pending: number;
  lastSuccessAt: Date | null;
}

const rowsOf = (res: unknown): Record<string, unknown>[] => (Array.isArray(res) ? res : (res as { rows: Record<string, unknown>[] }).rows);
const dateOf = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

export async function listEndpoints(db: DbOrTx, orgId: string): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId)).orderBy(desc(webhookEndpoints.createdAt));
}

export async function findEndpoint(db: DbOrTx, orgId: string, id: string): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)));
  return row ?? null;
}

/** Health of the endpoints: the latest finished deliveries (at most the window) and how many were delivered. */
export async function healthOf(db: DbOrTx, orgId: string, endpointIds: string[]): Promise<Map<string, HealthRow>> {
  const out = new Map<string, HealthRow>();
  if (endpointIds.length === 0) return out;
  const res = await db.execute(sql`
    select e.id,
      recent.total, recent.delivered,
      (select count(*) from webhook_deliveries p where p.endpoint_id = e.id and p.status = 'pending') as pending,
      (select max(s.delivered_at) from webhook_deliveries s where s.endpoint_id = e.id and s.status = 'delivered') as last_success
    from webhook_endpoints e
    cross join lateral (
      select count(*) as total, count(*) filter (where r.status = 'delivered') as delivered
      from (
        select d.status from webhook_deliveries d
        where d.endpoint_id = e.id and d.status <> 'pending'
        order by d.created_at desc limit ${WEBHOOK_HEALTH_WINDOW}
      ) r
    ) recent
    where e.org_id = ${orgId} and e.id in (${sql.join(
      endpointIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const r of rowsOf(res))
    out.set(String(r.id), {
      recentDeliveries: Number(r.total),
      recentDelivered: Number(r.delivered),
      pending: Number(r.pending),
      lastSuccessAt: dateOf(r.last_success),
    });
  return out;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: DbOrTx,
  orgId: string,
  id: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)))
    .returning();
  return row!;
}

export async function deleteEndpoint(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)));
}

export interface DeliveryListRow extends DeliveryRow {
  lastResponseStatus: number | null;
  lastDurationMs: number | null;
}

const lastAttempt = (col: 'response_status' | 'duration_ms') =>
  sql<
    number | null
  >`(select a.${sql.raw(col)} from webhook_attempts a where a.delivery_id = webhook_deliveries.id order by a.created_at desc limit 1)`;

export async function listDeliveries(
  db: DbOrTx,
  orgId: string,
  endpointId: string,
  f: { status?: DeliveryRow['status']; limit: number },
): Promise<DeliveryListRow[]> {
  return db
    .select({
      ...deliveryColumns,
      lastResponseStatus: lastAttempt('response_status'),
      lastDurationMs: lastAttempt('duration_ms'),
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.orgId, orgId),
        eq(webhookDeliveries.endpointId, endpointId),
        f.status ? eq(webhookDeliveries.status, f.status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(f.limit);
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  orgId: webhookDeliveries.orgId,
  endpointId: webhookDeliveries.endpointId,
  messageId: webhookDeliveries.messageId,
  eventType: webhookDeliveries.eventType,
  payload: webhookDeliveries.payload,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
  updatedAt: webhookDeliveries.updatedAt,
};

export async function findDelivery(db: DbOrTx, orgId: string, endpointId: string, id: string): Promise<DeliveryListRow | null> {
  const [row] = await db
    .select({ ...deliveryColumns, lastResponseStatus: lastAttempt('response_status'), lastDurationMs: lastAttempt('duration_ms') })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

export async function lockDelivery(db: DbOrTx, orgId: string, endpointId: string, id: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
    .for('update');
  return row ?? null;
}

export async function attemptsOf(db: DbOrTx, deliveryId: string): Promise<AttemptRow[]> {
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.createdAt);
}

/** The delivery with its endpoint, for the sender. */
export async function deliveryForSend(db: DbOrTx, id: string): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export async function insertAttempt(db: DbOrTx, values: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

/** Closes or reschedules a delivery, but only from the attempt count the sender started from (a fence). */
export async function settleDelivery(
  db: DbOrTx,
  id: string,
  fromAttempts: number,
  set: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, fromAttempts)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** The endpoint answered: its failure streak ends. */
export async function endpointSucceeded(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`));
}

/** A failed attempt: the streak starts now unless it already runs; answers since when it has been failing. */
export async function endpointFailed(db: DbOrTx, id: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? null;
}

/** Disables an endpoint still enabled; false when someone else already did. */
export async function disableEndpoint(db: DbOrTx, id: string, reason: string): Promise<EndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning();
  return row ?? null;
}

/** The organization's members whose current role is super_admin or admin, with their e-mail and metadata. */
export async function organizationAdmins(db: DbOrTx, orgId: string): Promise<{ email: string; meta: unknown }[]> {
  const res = await db.execute(sql`
    select u.email, u.raw_user_meta_data as meta
    from (
      select distinct on (r.user_id) r.user_id, r.role
      from user_roles r where r.org_id = ${orgId}
      order by r.user_id, r.created_at desc
    ) cur
    join auth.users u on u.id = cur.user_id
    where cur.role in ('super_admin', 'admin') and u.email is not null and u.deleted_at is null`);
  return rowsOf(res).map((r) => ({ email: String(r.email), meta: r.meta }));
}
