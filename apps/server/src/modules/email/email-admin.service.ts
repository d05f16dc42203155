import type { EmailDetail, EmailSummary, EmailTestCreate, emailOutboxPageSchema, emailOutboxQuery } from '@market/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { metadataLanguage, recipientLanguage } from './email-language.js';
import { redactBodies } from './email-redact.js';
import { renderTestEmail } from './email-templates.js';
import { templateOverride } from './email-smtp.js';
import * as repo from './email.repository.js';

const TEST_TEMPLATE_PREFIX = 'test:';
const TEST_ACTION = 'email.test_sent';
/** Test e-mails per user and window: enough to try a setting a few times, too few to spam anyone. */
export const TEST_EMAIL_LIMIT = 10;
export const TEST_EMAIL_WINDOW_SECONDS = 600;
const DEFAULT_PAGE = 50;

const iso = (d: Date) => d.toISOString();

export const toSummary = (r: repo.OutboxSummaryRow): EmailSummary => ({
  id: r.id,
  toAddress: r.toAddress,
  subject: r.subject,
  template: r.template,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: iso(r.createdAt),
  sentAt: r.sentAt ? iso(r.sentAt) : null,
});

/**
 * A delivered message shows without its links and codes. The sender removes them when it marks the
 * row sent; doing it again here covers rows sent before that (it changes nothing on a redacted body).
 */
function toDetail(r: repo.OutboxRow): EmailDetail {
  const delivered = r.status === 'sent';
  const bodies = delivered ? redactBodies(r) : r;
  return {
    ...toSummary(r),
    textBody: bodies.textBody,
    htmlBody: bodies.htmlBody,
    bodyRedacted: delivered,
    nextAttemptAt: iso(r.nextAttemptAt),
    updatedAt: iso(r.updatedAt),
  };
}

export async function listOutbox(
  ctx: AppContext,
  caller: Caller,
  q: z.infer<typeof emailOutboxQuery>,
): Promise<z.infer<typeof emailOutboxPageSchema>> {
  const limit = q.limit ?? DEFAULT_PAGE;
  // One extra row tells whether a next page exists without a count.
  const rows = await repo.listVisible(ctx.db, caller.orgId, {
    status: q.status,
    to: q.to,
    template: q.template,
    before: q.before,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return { items: page.map(toSummary), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

export async function getOutboxMessage(ctx: AppContext, caller: Caller, id: string): Promise<EmailDetail> {
  const row = await repo.findVisible(ctx.db, caller.orgId, id);
  if (!row) throw notFound('Message');
  return toDetail(row);
}

export async function sendTestEmail(ctx: AppContext, caller: Caller, input: EmailTestCreate): Promise<EmailSummary> {
  const template = input.template ?? 'plain';
  // The recipient's language: a member's own choice, else the organization's default (issue 14, item 8).
  const member = await repo.memberMetadataOf(ctx.db, caller.orgId, input.to);
  const language = await recipientLanguage(ctx.db, [metadataLanguage(member)], caller.orgId);
  const override = template === 'plain' ? null : await templateOverride(ctx.db, caller.orgId, template, language);
  const rendered = renderTestEmail({
    override,
    language,
    template,
    subject: input.subject,
    message: input.message,
    senderName: caller.user.email ?? 'a colleague',
    organizationName: caller.access.organization?.name ?? 'Market',
    publicUrl: ctx.config.publicUrl,
  });
  const row = await ctx.db.transaction(async (tx) => {
    // Count and insert under one per-user lock, so parallel requests cannot slip past the limit.
    await repo.lockActor(tx, `${TEST_ACTION}:${caller.userId}`);
    const recent = await repo.recentActions(tx, caller.userId, TEST_ACTION, TEST_EMAIL_WINDOW_SECONDS);
    if (recent.count >= TEST_EMAIL_LIMIT) {
      throw new AppError(
        429,
        'rate_limited',
        `At most ${TEST_EMAIL_LIMIT} test e-mails per ${TEST_EMAIL_WINDOW_SECONDS / 60} minutes; try again in ${recent.freeInSeconds} s`,
        undefined,
        { 'retry-after': String(recent.freeInSeconds) },
      );
    }
    const queued = await ctx.mailer.enqueue(tx, {
      to: input.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      template: `${TEST_TEMPLATE_PREFIX}${template}`,
      orgId: caller.orgId,
    });
    await recordAudit(tx, caller, {
      action: TEST_ACTION,
      entityType: 'email_outbox',
      entityId: queued.id,
      after: { to: queued.toAddress, subject: queued.subject, template: queued.template, status: queued.status },
    });
    return queued;
  });
  // The commit's NOTIFY wakes every sender; this also covers a sender started without notifications.
  ctx.mailer.wake();
  return toSummary(row);
}

export async function getTestEmail(ctx: AppContext, caller: Caller, id: string): Promise<EmailSummary> {
  const row = await repo.findOrgEmail(ctx.db, caller.orgId, id, TEST_TEMPLATE_PREFIX);
  if (!row) throw notFound('Test e-mail');
  return toSummary(row);
}
