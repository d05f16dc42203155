import type { ApplicationEmailTemplateKey, ApplicationStatus } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { organizations, vendorApplicationEvents, vendorApplications } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { deriveKey, randomSecret, seal, sha256Hex, unseal } from '../../lib/seal.js';
import { recordAudit } from '../audit/index.js';
import { sendApplicantEmail, type ApplicantEmail } from './applications.emails.js';
import { assertTransition } from './applications.rules.js';

export type ApplicationRow = typeof vendorApplications.$inferSelect;
export type ApplicationEventInsert = typeof vendorApplicationEvents.$inferInsert;

/** Who acts on an application: the applicant (through the status link), a staff user, or the system. */
export type ApplicationActor =
  | { type: 'applicant'; ip: string | null }
  | { type: 'staff'; userId: string; ip: string | null; apiKey?: { id: string } | null }
  | { type: 'system' };

/** The key status-link secrets are sealed with, derived from the server secret. */
export const statusLinkKey = (secret: string): Buffer => deriveKey(secret, 'application-status-link');

const keys = new WeakMap<AppContext, Buffer>();
function tokenKey(ctx: AppContext): Buffer {
  let k = keys.get(ctx);
  if (!k) keys.set(ctx, (k = statusLinkKey(ctx.config.jwtSecret)));
  return k;
}

/** A status-link secret sealed with a key: the hash finds the application, the sealed copy lets later e-mails repeat the link. */
export function sealedStatusToken(key: Buffer): { token: string; hash: string; sealed: string } {
  const token = randomSecret(32);
  return { token, hash: sha256Hex(token), sealed: seal(key, token) };
}

export const newStatusToken = (ctx: AppContext) => sealedStatusToken(tokenKey(ctx));

export const statusTokenHash = (token: string): string => sha256Hex(token);

/** The status-link secret of an application (to put the link in an e-mail). */
export function statusTokenOf(ctx: AppContext, row: Pick<ApplicationRow, 'statusTokenSealed'>): string {
  const token = unseal(tokenKey(ctx), row.statusTokenSealed);
  if (!token) throw new Error('The status link of an application could not be read with this server key');
  return token;
}

export async function findByToken(db: DbOrTx, token: string): Promise<ApplicationRow | null> {
  return (
    (
      await db
        .select()
        .from(vendorApplications)
        .where(eq(vendorApplications.statusTokenHash, statusTokenHash(token)))
        .limit(1)
    )[0] ?? null
  );
}

/** The application, locked for the rest of the transaction; 404 when it is not in the organization. */
export async function lockApplication(tx: Tx, orgId: string, id: string): Promise<ApplicationRow> {
  const [row] = await tx
    .select()
    .from(vendorApplications)
    .where(and(eq(vendorApplications.orgId, orgId), eq(vendorApplications.id, id)))
    .for('update');
  if (!row) throw notFound('Application');
  return row;
}

export async function organizationOf(db: DbOrTx, orgId: string): Promise<{ name: string; slug: string }> {
  const [o] = await db
    .select({ name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return o ?? { name: '', slug: '' };
}

/** E-mails the applicant of a stored application (in its language, with its status link), inside the caller's transaction. */
export async function emailApplicant(
  ctx: AppContext,
  tx: DbOrTx,
  app: ApplicationRow,
  key: ApplicationEmailTemplateKey,
  values: Pick<ApplicantEmail, 'message' | 'reason'> = {},
): Promise<void> {
  const org = await organizationOf(tx, app.orgId);
  await sendApplicantEmail(ctx, tx, key, {
    orgId: app.orgId,
    organizationName: org.name,
    organizationSlug: org.slug,
    to: app.email,
    locale: app.locale === 'ar' ? 'ar' : 'en',
    stream: app.stream,
    name: app.contactName ?? app.applicantName,
    token: statusTokenOf(ctx, app),
    ...values,
  });
}

const actorFields = (a: ApplicationActor) => ({ actorType: a.type, actorId: a.type === 'staff' ? a.userId : null });

export async function insertEvent(
  tx: DbOrTx,
  app: Pick<ApplicationRow, 'id' | 'orgId'>,
  actor: ApplicationActor,
  e: Pick<ApplicationEventInsert, 'kind' | 'fromStatus' | 'toStatus' | 'message' | 'visibleToApplicant'>,
): Promise<void> {
  await tx.insert(vendorApplicationEvents).values({ orgId: app.orgId, applicationId: app.id, ...actorFields(actor), ...e });
}

export interface StatusChange {
  to: ApplicationStatus;
  /** Shown to the applicant with the change (request for information, waitlist note, ...). */
  message?: string | null;
  /** Kept on the application as the decision reason (rejections). */
  reason?: string | null;
  /** Event kind; `status` unless the change is a request for (or answer with) information. */
  kind?: 'status' | 'info_request' | 'info_response';
  /** Whether to e-mail the applicant (default yes, except for the applicant's own answers). */
  email?: boolean;
}

const EMAIL_OF: Partial<
  Record<ApplicationStatus, 'under_review' | 'info_requested' | 'approved' | 'waitlisted' | 'rejected' | 'withdrawn'>
> = {
  under_review: 'under_review',
  info_requested: 'info_requested',
  approved: 'approved',
  waitlisted: 'waitlisted',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
};

/**
 * Moves a locked application to another status: the transition is checked (409 in words when not
 * allowed), the row, the history, the audit log and the applicant's e-mail are written in the same
 * transaction.
 */
export async function changeStatus(
  ctx: AppContext,
  tx: Tx,
  app: ApplicationRow,
  actor: ApplicationActor,
  change: StatusChange,
): Promise<ApplicationRow> {
  assertTransition(app.status, change.to);
  const now = new Date();
  const decided = change.to === 'approved' || change.to === 'rejected' || change.to === 'withdrawn';
  const [updated] = await tx
    .update(vendorApplications)
    .set({
      status: change.to,
      updatedAt: now,
      ...(change.reason !== undefined ? { decisionReason: change.reason } : {}),
      ...(decided ? { decidedAt: now } : {}),
    })
    .where(eq(vendorApplications.id, app.id))
    .returning();
  await insertEvent(tx, app, actor, {
    kind: change.kind ?? 'status',
    fromStatus: app.status,
    toStatus: change.to,
    message: change.message ?? change.reason ?? null,
    visibleToApplicant: true,
  });
  await recordAudit(
    tx,
    {
      userId: actor.type === 'staff' ? actor.userId : null,
      orgId: app.orgId,
      ip: actor.type === 'system' ? null : actor.ip,
      apiKey: actor.type === 'staff' ? actor.apiKey : null,
    },
    {
      action: `application.${change.to}`,
      entityType: 'vendor_application',
      entityId: app.id,
      before: { status: app.status },
      after: { status: change.to, message: change.message ?? null, reason: change.reason ?? null },
    },
  );
  const template = EMAIL_OF[change.to];
  if (template && change.email !== false) {
    await emailApplicant(ctx, tx, app, template, { message: change.message ?? null, reason: change.reason ?? null });
  }
  return updated!;
}
