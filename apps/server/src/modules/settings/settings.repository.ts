import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, emailOutbox, organizationSettings, organizations } from '../../db/schema/index.js';

export type SettingsRow = typeof organizationSettings.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

export async function findOrganization(db: DbOrTx, orgId: string): Promise<OrganizationRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row ?? null;
}

export async function findSettings(db: DbOrTx, orgId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(organizationSettings).where(eq(organizationSettings.orgId, orgId)).limit(1);
  return row ?? null;
}

/**
 * Locks the organization's settings for a write: the row when it exists (FOR UPDATE), else the organization's
 * row, so two first saves cannot both see "no settings yet".
 */
export async function lockSettings(tx: DbOrTx, orgId: string): Promise<SettingsRow | null> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).for('update');
  const [row] = await tx.select().from(organizationSettings).where(eq(organizationSettings.orgId, orgId)).limit(1).for('update');
  return row ?? null;
}

export type SettingsPatch = Partial<Pick<SettingsRow, 'profile' | 'email' | 'smtpPasswordCipher' | 'security' | 'data'>>;

/** Writes the groups given and stamps the row (a new millisecond, so a version always moves). */
export async function saveSettings(tx: DbOrTx, orgId: string, patch: SettingsPatch, before: SettingsRow | null): Promise<SettingsRow> {
  const stamp = sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${
    before ? before.updatedAt.toISOString() : '-infinity'
  }::timestamptz + interval '1 millisecond')`;
  const [row] = await tx
    .insert(organizationSettings)
    .values({ orgId, ...patch, updatedAt: stamp })
    .onConflictDoUpdate({ target: organizationSettings.orgId, set: { ...patch, updatedAt: stamp } })
    .returning();
  return row!;
}

export async function updateOrganization(tx: DbOrTx, orgId: string, patch: { name?: string; currency?: string }): Promise<void> {
  // Also the signal for the access caches (a trigger on organizations notifies them), which the security policy needs.
  await tx
    .update(organizations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(organizations.id, orgId));
}

/** Organizations with a retention set, with it. */
export async function retentionOf(db: DbOrTx, orgId: string): Promise<{ audit: number | null; outbox: number | null }> {
  const [row] = await db
    .select({
      audit: sql<number | null>`(${organizationSettings.data}->>'auditRetentionDays')::int`,
      outbox: sql<number | null>`(${organizationSettings.data}->>'outboxRetentionDays')::int`,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.orgId, orgId));
  return { audit: row?.audit == null ? null : Number(row.audit), outbox: row?.outbox == null ? null : Number(row.outbox) };
}

/** Deletes the organization's audit entries older than `days` before `now`; answers how many. */
export async function deleteOldAudit(db: DbOrTx, orgId: string, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .delete(auditLog)
    .where(and(eq(auditLog.orgId, orgId), lt(auditLog.createdAt, cutoff)))
    .returning({ id: auditLog.id });
  return rows.length;
}

/** Deletes the organization's finished outbox messages older than `days`; a message still to be sent stays. */
export async function deleteOldOutbox(db: DbOrTx, orgId: string, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.orgId, orgId), lt(emailOutbox.createdAt, cutoff), sql`${emailOutbox.status} in ('sent', 'failed', 'kept')`))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

// Tables an export leaves out: the queue's own bookkeeping, stored answers of money requests, and the settings
// row (its secrets are sealed, and the rest is on the settings screen).
export const EXPORT_SKIPPED: ReadonlySet<string> = new Set(['jobs', 'idempotency_keys', 'organization_settings', 'sign_in_attempts']);
/** Columns never exported: hashes, sealed secrets and tokens, and the bodies of outbox mail (they may hold sign-in links). */
const SECRET_COLUMN = /(secret|cipher|hash|token|password)/i;
const DROPPED = ['text_body', 'html_body'];

/**
 * Tables without an org_id whose rows belong to an organization through a parent row that has one (or, for profiles,
 * through the member's membership). `test/architecture` checks that every public table is an organization's, one of
 * these, or listed as nobody's (EXPORT_NOT_TENANT_DATA), so a new child table cannot be left out of exports silently.
 */
export const EXPORT_CHILDREN: Readonly<Record<string, { column: string; parent: string; parentColumn: string }>> = {
  pos_session_totals: { column: 'session_id', parent: 'pos_sessions', parentColumn: 'id' },
  product_import_rows: { column: 'import_id', parent: 'product_imports', parentColumn: 'id' },
  webhook_attempts: { column: 'delivery_id', parent: 'webhook_deliveries', parentColumn: 'id' },
  profiles: { column: 'user_id', parent: 'organization_memberships', parentColumn: 'user_id' },
};
/** Public tables that are no organization's data: shipped reference data, the organizations row (written first), and
 * the public forms' rate-limit counters. */
export const EXPORT_NOT_TENANT_DATA = new Set(['languages', 'translations', 'organizations', 'public_form_hits']);

export interface ExportTable {
  table: string;
  drop: string[];
  /** How a row is the organization's: its own org_id, or its parent's. */
  owner: { column: string; parent: string; parentColumn: string } | null;
}

/** The organization's tables (public tables with an org_id column, and the child tables above), each with the columns an export leaves out. */
export async function exportTables(db: DbOrTx): Promise<ExportTable[]> {
  const res = await db.execute(sql`
    select c.table_name as "table",
      bool_or(c.column_name = 'org_id') as "tenant",
      array_agg(c.column_name::text) as "cols"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
    group by c.table_name
    order by c.table_name`);
  const rows = (res as unknown as { rows: { table: string; tenant: boolean; cols: string[] | string | null }[] }).rows;
  return rows
    .filter((r) => (r.tenant || EXPORT_CHILDREN[r.table]) && !EXPORT_SKIPPED.has(r.table))
    .map((r) => {
      const cols = Array.isArray(r.cols)
        ? r.cols
        : String(r.cols ?? '')
            .replace(/^\{|\}$/g, '')
            .split(',');
      return {
        table: r.table,
        drop: cols.filter((c) => SECRET_COLUMN.test(c) || DROPPED.includes(c)),
        owner: r.tenant ? null : EXPORT_CHILDREN[r.table]!,
      };
    });
}

/** One batch of a table's rows of the organization as JSON, in physical order after `afterCtid`. */
export async function exportBatch(
  db: DbOrTx,
  table: ExportTable,
  orgId: string,
  afterCtid: string,
  limit: number,
): Promise<{ ctid: string; row: unknown }[]> {
  const dropList = table.drop.length
    ? sql`array[${sql.join(
        table.drop.map((d) => sql`${d}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
  const o = table.owner;
  const mine = o
    ? sql`exists (select 1 from ${sql.identifier(o.parent)} p where p.${sql.identifier(o.parentColumn)} = t.${sql.identifier(o.column)} and p.org_id = ${orgId})`
    : sql`t.org_id = ${orgId}`;
  const res = await db.execute(sql`
    select t.ctid::text as "ctid", to_jsonb(t) - ${dropList} as "row"
    from ${sql.identifier(table.table)} t
    where ${mine} and t.ctid > ${afterCtid}::tid
    order by t.ctid
    limit ${limit}`);
  return (res as unknown as { rows: { ctid: string; row: unknown }[] }).rows.map((r) => ({
    ctid: r.ctid,
    row: typeof r.row === 'string' ? (JSON.parse(r.row) as unknown) : r.row,
  }));
}

export async function organizationJson(db: DbOrTx, orgId: string): Promise<unknown> {
  const res = await db.execute(sql`select to_jsonb(o) as "row" from ${organizations} o where o.id = ${orgId}`);
  const row = (res as unknown as { rows: { row: unknown }[] }).rows[0]?.row;
  return typeof row === 'string' ? (JSON.parse(row) as unknown) : row;
}
