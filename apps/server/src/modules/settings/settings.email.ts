import type { AppContext } from '../../app-context.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid } from '../../lib/errors.js';
import { UnsafeUrlError } from '../../lib/outbound-address.js';
import { recordAudit } from '../audit/index.js';
import {
  errorText,
  loadOrgSmtp,
  lockActor,
  recentActions,
  renderTemplateText,
  senderOf,
  templateLink,
  transportFor,
  type EmailLanguage,
  type TemplateText,
} from '../email/index.js';
import { settingsKey, tooManyTests } from './settings.service.js';

const TEST_ACTION = 'email.test_sent';
/** Shared with the outbox's test e-mails: enough to try a setting a few times, too few to spam anyone. */
const TEST_LIMIT = 10;
const TEST_WINDOW_SECONDS = 600;

/**
 * Sends one e-mail at once through the organization's saved SMTP settings (not the outbox: the point is the
 * server's answer), and reports success or the SMTP error as the server gave it. Audited and rate limited.
 */
export async function testSend(ctx: AppContext, caller: Caller, to: string): Promise<{ ok: boolean; error: string | null }> {
  const smtp = await loadOrgSmtp(ctx.db, settingsKey(ctx), caller.orgId);
  if (!smtp) throw invalid('smtpHost', 'save an SMTP host, port and sender address first');
  await ctx.db.transaction(async (tx) => {
    await lockActor(tx, `${TEST_ACTION}:${caller.userId}`);
    const recent = await recentActions(tx, caller.userId, TEST_ACTION, TEST_WINDOW_SECONDS);
    if (recent.count >= TEST_LIMIT) throw tooManyTests(TEST_LIMIT, TEST_WINDOW_SECONDS, recent.freeInSeconds);
    await recordAudit(tx, caller, {
      action: 'email.test_sent',
      entityType: 'organization_settings',
      entityId: caller.orgId,
      after: { to, host: smtp.host, port: smtp.port, security: smtp.security },
    });
  });
  let transport;
  try {
    transport = await transportFor(smtp, ctx.config.smtpAllowPrivateHosts ?? false);
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw invalid('smtpHost', err.message);
    throw err;
  }
  const org = caller.access.organization?.name ?? 'Market';
  try {
    await transport.sendMail({
      from: senderOf(smtp),
      to,
      subject: `${org}: SMTP test`,
      text: `This message was sent through ${smtp.host}:${smtp.port} to test the e-mail settings of ${org}.\n`,
    });
    return { ok: true, error: null };
  } catch (err) {
    return { ok: false, error: errorText(err) };
  } finally {
    transport.close();
  }
}

/** A template text as the e-mail it makes, with the organization's name and a sample link. */
export function previewTemplate(
  ctx: AppContext,
  caller: Caller,
  key: { template: 'welcome' | 'confirmation-preview'; language: EmailLanguage },
  text: TemplateText,
): { subject: string; text: string; html: string } {
  const org = caller.access.organization?.name ?? 'Market';
  return renderTemplateText(text, { org, link: templateLink(key.template, ctx.config.publicUrl, key.language) }, key.language);
}
