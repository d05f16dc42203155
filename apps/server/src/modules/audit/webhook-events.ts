import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { hotRows } from '../../db/hot-query.js';
import type { AuditChange } from './audit.service.js';

// Outgoing webhook events are born where every write records its audit row: a write of an entity the catalogue
// knows becomes one webhook_deliveries row per enabled, subscribed endpoint of its organization, plus the job that
// sends it, in the write's own transaction. A write no endpoint subscribes to costs one indexed read; a wanted one
// adds a single INSERT ... SELECT that also queues the jobs and wakes the runners.

/** The delivery job's kind (modules/integrations registers its handler). */
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

type ActionMap = Record<string, string> & { '*'?: string };

/** entity type → audit action → event type; '*' catches the entity's other actions. Unlisted writes emit nothing. */
const EVENT_OF: Record<string, ActionMap> = {
  product: { create: 'product.created', delete: 'product.deleted', '*': 'product.updated' },
  customer_order: {
    create: 'order.created',
    update: 'order.updated',
    confirm: 'order.confirmed',
    mark_ready: 'order.ready',
    complete: 'order.completed',
    cancel: 'order.cancelled',
    payment: 'order.paid',
  },
  vendor_application: {
    'application.submitted': 'application.submitted',
    'application.approved': 'application.approved',
    'application.rejected': 'application.rejected',
  },
  market_assignment: {
    create: 'assignment.created',
    move: 'assignment.moved',
    status: 'assignment.status_changed',
    cancel: 'assignment.cancelled',
    update: 'assignment.updated',
    lock: 'assignment.updated',
    unlock: 'assignment.updated',
  },
  payment: { create: 'payment.received' },
  refund: { create: 'payment.refunded' },
  catalog_channel: { publish: 'publication.published', rollback: 'publication.published' },
};

export function webhookEventOf(entityType: string, verb: string): string | null {
  const m = EVENT_OF[entityType];
  return m ? (m[verb] ?? m['*'] ?? null) : null;
}

const SECRET_KEY = /secret|password|token|hash|cipher|otp|recovery/i;

/** The audit's after (or before, for a deletion) without anything that looks like a credential, nested or not. */
export function eventData(entityId: string | null, summary: unknown): Record<string, unknown> {
  const clean = (v: unknown, depth: number): unknown => {
    if (Array.isArray(v)) return depth > 6 ? [] : v.map((x) => clean(x, depth + 1));
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      if (depth > 6) return {};
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([k]) => !SECRET_KEY.test(k))
          .map(([k, x]) => [k, clean(x, depth + 1)]),
      );
    }
    return v;
  };
  const body = summary && typeof summary === 'object' && !Array.isArray(summary) ? (clean(summary, 0) as Record<string, unknown>) : {};
  return { ...body, id: entityId ?? (body.id as string | undefined) ?? null };
}

export interface WebhookEvent {
  type: string;
  data: Record<string, unknown>;
}

interface EmitOptions {
  /** Only this endpoint, whatever its events and state (the test event). */
  endpointId?: string;
  /**
   * The types the organization's enabled endpoints subscribe to, read earlier in the caller's transaction with
   * `subscribedTypesSql` (a register's sale reads them with its context, one round trip fewer).
   */
  subscribed?: readonly string[];
  now?: Date;
}

const rowsOf = (res: unknown): Record<string, unknown>[] => (Array.isArray(res) ? res : (res as { rows: Record<string, unknown>[] }).rows);

/** The event types the organization (`org`: its SQL, e.g. a parameter) has enabled endpoints for, a row (`type`) each. */
export const subscribedTypesSql = (org: string) =>
  `select distinct jsonb_array_elements_text(e.events) as type from webhook_endpoints e where e.org_id = ${org} and e.enabled`;

/** The event types the organization's enabled endpoints subscribe to. */
async function subscribedTypes(db: DbOrTx, orgId: string): Promise<string[]> {
  const rows = await hotRows<{ type: string }>(db, 'webhook_subscribed_types', subscribedTypesSql('$1'), [orgId]);
  return rows.map((r) => r.type);
}

/**
 * Queues events for every enabled endpoint of the organization subscribed to them (or for one endpoint): the
 * deliveries, their first jobs and the runners' wake-up in one statement. Answers the deliveries' ids.
 */
export async function emitWebhookEvents(
  db: DbOrTx,
  orgId: string,
  events: readonly WebhookEvent[],
  opts: EmitOptions = {},
): Promise<string[]> {
  if (events.length === 0) return [];
  if (!opts.endpointId) {
    // The common case is an organization with no endpoint wanting these events: one plain indexed read, about half
    // the cost of planning the insert below (measured on PGlite), and nothing else.
    const wanted = new Set((opts.subscribed ?? (await subscribedTypes(db, orgId))).filter((t) => events.some((e) => e.type === t)));
    if (wanted.size === 0) return [];
    events = events.filter((e) => wanted.has(e.type));
  }
  const timestamp = (opts.now ?? new Date()).toISOString();
  const list = JSON.stringify(events.map((e) => ({ type: e.type, timestamp, data: e.data })));
  const which = opts.endpointId ? sql`e.id = ${opts.endpointId}` : sql`e.enabled and e.events @> jsonb_build_array(ev->>'type')`;
  const res = await db.execute(sql`
    with d as (
      insert into webhook_deliveries (org_id, endpoint_id, message_id, event_type, payload, next_attempt_at)
      select e.org_id, e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ev->>'type', ev, now()
      from webhook_endpoints e cross join jsonb_array_elements(${list}::jsonb) ev
      where e.org_id = ${orgId} and ${which}
      returning id, org_id
    ), j as (
      insert into jobs (org_id, kind, payload, max_attempts, dedupe_key)
      select org_id, ${WEBHOOK_DELIVER_JOB}, jsonb_build_object('deliveryId', id, 'attempt', 1), 3, 'webhook:' || id || ':1'
      from d
      returning 1
    ), n as (
      select pg_notify('jobs', '') from (select 1 from j limit 1) one
    )
    select d.id, (select count(*) from n) as notified from d`);
  return rowsOf(res).map((r) => String(r.id));
}

/** The audit hook: the events audited writes stand for (none for writes the catalogue does not know). */
export async function emitForAudit(db: DbOrTx, orgId: string | null, changes: readonly AuditChange[]): Promise<void> {
  if (!orgId) return;
  const events: WebhookEvent[] = [];
  for (const c of changes) {
    const type = webhookEventOf(c.entityType, c.action);
    if (type) events.push({ type, data: eventData(c.entityId, c.after ?? c.before) });
  }
  await emitWebhookEvents(db, orgId, events);
}
