import {
  APPLICATION_EMAIL_PLACEHOLDERS,
  APPLICATION_EMAIL_TEMPLATE_KEYS,
  APPLICATION_LOCALES,
  type ApplicationEmailTemplateKey,
  type ApplicationLocale,
  type EmailTemplate,
} from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { staleUpdateError } from '../../lib/concurrency.js';
import { recordAudit } from '../audit/index.js';
import { checkPlaceholders, DEFAULT_TEMPLATES } from './applications.emails.js';
import * as repo from './applications.repository.js';

function toTemplate(key: ApplicationEmailTemplateKey, locale: ApplicationLocale, row: repo.TemplateRow | undefined): EmailTemplate {
  const wording = row ?? DEFAULT_TEMPLATES[key][locale];
  return {
    key,
    locale,
    subject: wording.subject,
    body: wording.body,
    customized: Boolean(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Every applicant e-mail in both languages: the organization's wording where it has one, the built-in one elsewhere. */
export async function listTemplates(db: DbOrTx, caller: Caller): Promise<{ items: EmailTemplate[]; placeholders: string[] }> {
  const rows = await repo.templateRows(db, caller.orgId);
  const items = APPLICATION_EMAIL_TEMPLATE_KEYS.flatMap((key) =>
    APPLICATION_LOCALES.map((locale) =>
      toTemplate(
        key,
        locale,
        rows.find((r) => r.templateKey === key && r.locale === locale),
      ),
    ),
  );
  return { items, placeholders: [...APPLICATION_EMAIL_PLACEHOLDERS] };
}

/**
 * Saves the organization's wording of one e-mail. `expectedUpdatedAt` is the version the editor started from
 * (null: the built-in wording); wording someone else saved or reset since is refused, not overwritten.
 */
export async function saveTemplate(
  db: Db,
  caller: Caller,
  key: ApplicationEmailTemplateKey,
  locale: ApplicationLocale,
  input: { subject: string; body: string; expectedUpdatedAt: string | null },
): Promise<EmailTemplate> {
  // A placeholder we never fill would reach applicants as literal braces.
  checkPlaceholders('subject', input.subject, key);
  checkPlaceholders('body', input.body, key);
  return db.transaction(async (tx) => {
    const before = await repo.lockTemplate(tx, caller.orgId, key, locale);
    if ((before?.updatedAt.toISOString() ?? null) !== input.expectedUpdatedAt) throw staleUpdateError();
    const values = {
      orgId: caller.orgId,
      templateKey: key,
      locale,
      subject: input.subject.trim(),
      body: input.body.trim(),
      updatedBy: caller.userId,
    };
    const row = before ? await repo.updateTemplate(tx, values) : await repo.insertTemplate(tx, values);
    if (!row) throw staleUpdateError();
    await recordAudit(tx, caller, {
      action: 'application_template.save',
      entityType: 'application_email_template',
      entityId: `${key}:${locale}`,
      before: before && { subject: before.subject, body: before.body },
      after: { subject: row.subject, body: row.body },
    });
    return toTemplate(key, locale, row);
  });
}

export async function resetTemplate(
  db: Db,
  caller: Caller,
  key: ApplicationEmailTemplateKey,
  locale: ApplicationLocale,
): Promise<EmailTemplate> {
  return db.transaction(async (tx) => {
    const removed = await repo.deleteTemplate(tx, caller.orgId, key, locale);
    if (removed) {
      await recordAudit(tx, caller, {
        action: 'application_template.reset',
        entityType: 'application_email_template',
        entityId: `${key}:${locale}`,
        before: { subject: removed.subject, body: removed.body },
      });
    }
    return toTemplate(key, locale, undefined);
  });
}

export async function getSettings(db: DbOrTx, caller: Caller): Promise<repo.SettingsRow> {
  const s = await repo.settingsOf(db, caller.orgId);
  return { blindReview: s.blindReview, workshopsPerMarketDay: s.workshopsPerMarketDay };
}

export async function updateSettings(db: Db, caller: Caller, input: Partial<repo.SettingsRow>): Promise<repo.SettingsRow> {
  return db.transaction(async (tx) => {
    const before = await getSettings(tx, caller);
    const after = {
      blindReview: input.blindReview ?? before.blindReview,
      workshopsPerMarketDay: input.workshopsPerMarketDay ?? before.workshopsPerMarketDay,
    };
    await repo.upsertSettings(tx, caller.orgId, after);
    await recordAudit(tx, caller, {
      action: 'application_settings.update',
      entityType: 'application_settings',
      entityId: caller.orgId,
      before,
      after,
    });
    return after;
  });
}
