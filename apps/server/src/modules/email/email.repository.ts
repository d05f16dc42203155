import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  emailOutbox,
  languages,
  organizationLanguages,
  organizationMemberships,
  organizationSettings,
  users,
} from '../../db/schema/index.js';
import { lockKey } from '../../db/advisory-lock.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type OutboxInsert = typeof emailOutbox.$inferInsert;
export type OutboxStatus = OutboxRow['status'];

/** Channel a committed enqueue notifies, so every sender (in any app instance) wakes up. */
export const OUTBOX_CHANNEL = 'email_outbox';

export async function insertEmail(db: DbOrTx, values: OutboxInsert): Promise<OutboxRow> {
  const [row] = await db.insert(emailOutbox).values(values).returning();
  return row!;
}

/** NOTIFY is held back until the caller's transaction commits, so a sender never wakes for a row it cannot see yet. */
export async function notifyOutbox(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * Claims due messages and takes a lease on them. SKIP LOCKED lets several senders share the queue:
 * a row being claimed by one is skipped by the others, and once claimed it is 'sending' with a
 * lease in the future, which no other claim matches. A sender that dies leaves the lease to expire,
 * and the row is claimed again. `attempts` is incremented by each claim and serves as the fencing
 * token of the lease (see markSent / markFailed).
 */
export async function claimDue(db: DbOrTx, limit: number, leaseSeconds: number, maxAttempts: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        or(
          and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.lockedUntil, sql`now()`)),
        ),
        lt(emailOutbox.attempts, maxAttempts),
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** A sender that died on its last allowed attempt leaves a row no claim takes again: close it as failed. */
export async function failAbandoned(db: DbOrTx, maxAttempts: number): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'failed', lockedUntil: null, lastError: 'The sender stopped before finishing the last attempt', updatedAt: sql`now()` })
    .where(and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.lockedUntil, sql`now()`), gte(emailOutbox.attempts, maxAttempts)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Applies only while the lease is still ours: a row re-claimed after an expired lease has a higher attempts. */
const leaseHeld = (id: string, attempts: number) =>
  and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.attempts, attempts));

/**
 * The bodies passed are what the outbox keeps of the delivered message (links and codes removed),
 * written in the same statement that marks it sent, so no reader ever sees a sent row with them.
 */
export async function markSent(
  db: DbOrTx,
  id: string,
  attempts: number,
  kept: { textBody: string; htmlBody: string | null },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      updatedAt: sql`now()`,
      textBody: kept.textBody,
      htmlBody: kept.htmlBody,
    })
    .where(leaseHeld(id, attempts));
}

/** With retryInMs the message goes back to pending for later; without, it has failed for good. */
export async function markFailed(db: DbOrTx, id: string, attempts: number, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: retryInMs === null ? 'failed' : 'pending',
      nextAttemptAt: retryInMs === null ? sql`now()` : sql`now() + make_interval(secs => ${retryInMs / 1000})`,
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      updatedAt: sql`now()`,
    })
    .where(leaseHeld(id, attempts));
}

/**
 * What a super admin of an organization may read: the messages sent for that organization, nothing
 * else. A message without an organization (sign-up, recovery of someone who belongs nowhere yet)
 * is no tenant's business: its links would let one organization sign in as another's future member.
 */
function visibleTo(orgId: string): SQL {
  return eq(emailOutbox.orgId, orgId);
}

export interface OutboxFilter {
  status?: OutboxStatus;
  to?: string;
  template?: string;
  before?: string;
  limit: number;
}

const summaryColumns = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};
export type OutboxSummaryRow = Pick<OutboxRow, keyof typeof summaryColumns>;

/** Newest first, keyset-paged on (created_at, id) from the row named by `before`. */
export async function listVisible(db: DbOrTx, orgId: string, f: OutboxFilter): Promise<OutboxSummaryRow[]> {
  // The cursor row must be visible too, or its position would tell when another tenant's message was written.
  const cursor = f.before
    ? sql`(${emailOutbox.createdAt}, ${emailOutbox.id}) < (select c.created_at, c.id from ${emailOutbox} c where c.id = ${f.before} and c.org_id = ${orgId})`
    : undefined;
  return db
    .select(summaryColumns)
    .from(emailOutbox)
    .where(
      and(
        visibleTo(orgId),
        f.status ? eq(emailOutbox.status, f.status) : undefined,
        f.to ? sql`lower(${emailOutbox.toAddress}) = lower(${f.to})` : undefined,
        f.template ? eq(emailOutbox.template, f.template) : undefined,
        cursor,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(f.limit);
}

export async function findVisible(db: DbOrTx, orgId: string, id: string): Promise<OutboxRow | null> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), visibleTo(orgId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A message of the organization whose template starts with the prefix (test e-mails). */
export async function findOrgEmail(db: DbOrTx, orgId: string, id: string, templatePrefix: string): Promise<OutboxRow | null> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.orgId, orgId), sql`starts_with(${emailOutbox.template}, ${templatePrefix})`))
    .limit(1);
  return rows[0] ?? null;
}

/** Serialises one actor's rate-limited action until the end of the transaction (both drivers). */
export async function lockActor(tx: DbOrTx, key: string): Promise<void> {
  await lockKey(tx, key);
}

/** How often the actor did the action within the window, and in how many seconds the oldest of them leaves it. */
export async function recentActions(
  db: DbOrTx,
  actorId: string,
  action: string,
  windowSeconds: number,
): Promise<{ count: number; freeInSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      freeIn: sql<
        number | null
      >`ceil(extract(epoch from min(${auditLog.createdAt}) + make_interval(secs => ${windowSeconds}) - now()))::int`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, actorId),
        eq(auditLog.action, action),
        gte(auditLog.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    );
  return { count: Number(row?.count ?? 0), freeInSeconds: Math.max(1, Number(row?.freeIn ?? 1)) };
}

/**
 * The organization's default language code (the settings' profile, else its languages' default, else the shipped
 * default), or null without an organization. An own default that is switched off does not count.
 */
export async function organizationDefaultLanguage(db: DbOrTx, orgId: string | null): Promise<string | null> {
  const [chosen] = orgId
    ? await db
        .select({ code: sql<string | null>`${organizationSettings.profile}->>'defaultLanguage'` })
        .from(organizationSettings)
        .where(eq(organizationSettings.orgId, orgId))
        .limit(1)
    : [];
  if (chosen?.code) return chosen.code;
  const own = orgId
    ? await db
        .select({ code: organizationLanguages.code })
        .from(organizationLanguages)
        .where(
          and(
            eq(organizationLanguages.orgId, orgId),
            eq(organizationLanguages.isDefault, true),
            or(isNull(organizationLanguages.isActive), eq(organizationLanguages.isActive, true)),
          ),
        )
        .limit(1)
    : [];
  if (own[0]) return own[0].code;
  const [shipped] = await db.select({ code: languages.code }).from(languages).where(eq(languages.isDefault, true)).limit(1);
  return shipped?.code ?? null;
}

/** The language an organization's own member keeps in their metadata, found by address (null for anyone else). */
export async function memberMetadataOf(db: DbOrTx, orgId: string, email: string): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ meta: users.rawUserMetaData })
    .from(users)
    .innerJoin(organizationMemberships, eq(organizationMemberships.userId, users.id))
    .where(and(eq(organizationMemberships.orgId, orgId), sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return row?.meta ?? null;
}
