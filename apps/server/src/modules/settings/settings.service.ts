import { settingsRoutes as s } from '@market/contracts';
import { PASSWORD_LENGTH_FLOOR, SECURITY_DEFAULTS, SETTINGS_EMAIL_LANGUAGES, SETTINGS_EMAIL_TEMPLATES } from '@market/contracts/plain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { staleUpdateError } from '../../lib/concurrency.js';
import { AppError, invalid } from '../../lib/errors.js';
import { deriveKey, seal } from '../../lib/seal.js';
import { recordAudit } from '../audit/index.js';
import { effectiveLanguages } from '../languages/index.js';
import { SHIPPED_TEMPLATES, type TemplateText } from '../email/index.js';
import { enqueueJob } from '../jobs/index.js';
import * as repo from './settings.repository.js';
import { RETENTION_JOB, nextRetentionRun, retentionKey } from './settings.retention.js';

type Settings = z.infer<typeof s.settingsSchema>;
type Templates = Record<string, Record<string, TemplateText>>;

const ENTITY = 'organization_settings';
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown, fallback: number | null): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : fallback);

/** The key that seals organizations' SMTP passwords; only the outbox sender and the test send open them. */
export const settingsKey = (ctx: AppContext): Buffer => deriveKey(ctx.config.jwtSecret, 'settings');

async function activeLanguages(db: Db, orgId: string): Promise<string[]> {
  return (await effectiveLanguages(db, orgId)).filter((l) => l.isActive).map((l) => l.code);
}

function view(org: repo.OrganizationRow, row: repo.SettingsRow | null, languages: string[]): Settings {
  const p = row?.profile ?? {};
  const e = row?.email ?? {};
  const sec = row?.security ?? {};
  const d = row?.data ?? {};
  return {
    profile: {
      name: org.name,
      currency: org.currency,
      logoUrl: str(p.logoUrl),
      address: str(p.address),
      contactEmail: str(p.contactEmail),
      contactPhone: str(p.contactPhone),
      timeZone: str(p.timeZone) ?? 'UTC',
      defaultLanguage: str(p.defaultLanguage),
    },
    email: {
      smtpHost: str(e.smtpHost),
      smtpPort: int(e.smtpPort, null),
      smtpSecurity: e.smtpSecurity === 'tls' || e.smtpSecurity === 'starttls' ? e.smtpSecurity : 'none',
      smtpUser: str(e.smtpUser),
      passwordSet: Boolean(row?.smtpPasswordCipher),
      senderName: str(e.senderName),
      senderAddress: str(e.senderAddress),
    },
    security: {
      minPasswordLength: Math.max(PASSWORD_LENGTH_FLOOR, int(sec.minPasswordLength, SECURITY_DEFAULTS.minPasswordLength)!),
      mfaRequiredRoles: Array.isArray(sec.mfaRequiredRoles) ? (sec.mfaRequiredRoles as Settings['security']['mfaRequiredRoles']) : [],
      sessionLifetimeHours: int(sec.sessionLifetimeHours, null),
      signInMaxFailures: int(sec.signInMaxFailures, SECURITY_DEFAULTS.signInMaxFailures)!,
      signInLockMinutes: int(sec.signInLockMinutes, SECURITY_DEFAULTS.signInLockMinutes)!,
    },
    data: { auditRetentionDays: int(d.auditRetentionDays, null), outboxRetentionDays: int(d.outboxRetentionDays, null) },
    passwordFloor: PASSWORD_LENGTH_FLOOR,
    languages,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getSettings(db: Db, caller: Caller): Promise<Settings> {
  const [org, row, languages] = await Promise.all([
    repo.findOrganization(db, caller.orgId),
    repo.findSettings(db, caller.orgId),
    activeLanguages(db, caller.orgId),
  ]);
  return view(org!, row, languages);
}

/** Settings writes share one version: the settings row's updatedAt (null before the first save). */
function checkVersion(row: repo.SettingsRow | null, expected: string | null): void {
  const current = row ? row.updatedAt.toISOString() : null;
  if (current !== expected) throw staleUpdateError();
}

/**
 * One settings write: lock, version check, the change, its audit entry (the group's before and after, secrets
 * left out), in one transaction. `change` answers the patch and may update the organization's own row.
 */
async function write(
  db: Db,
  caller: Caller,
  group: 'profile' | 'email' | 'security' | 'data' | 'templates',
  expected: string | null,
  change: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], row: repo.SettingsRow | null) => Promise<repo.SettingsPatch>,
): Promise<repo.SettingsRow> {
  return db.transaction(async (tx) => {
    const before = await repo.lockSettings(tx, caller.orgId);
    checkVersion(before, expected);
    const orgBefore = await repo.findOrganization(tx, caller.orgId);
    const patch = await change(tx, before);
    const saved = await repo.saveSettings(tx, caller.orgId, patch, before);
    const orgAfter = await repo.findOrganization(tx, caller.orgId);
    const shown = (row: repo.SettingsRow | null, org: repo.OrganizationRow | null) => {
      if (group === 'profile') return { name: org?.name, currency: org?.currency, ...(row?.profile ?? {}) };
      if (group === 'email') {
        const { templates: _t, ...smtp } = row?.email ?? {};
        return { ...smtp, passwordSet: Boolean(row?.smtpPasswordCipher) };
      }
      if (group === 'templates') return (row?.email.templates as Templates | undefined) ?? {};
      return row?.[group] ?? {};
    };
    await recordAudit(tx, caller, {
      action: 'update',
      entityType: ENTITY,
      entityId: caller.orgId,
      before: { group, ...shown(before, orgBefore) },
      after: { group, ...shown(saved, orgAfter) },
    });
    return saved;
  });
}

export async function updateProfile(db: Db, caller: Caller, input: z.infer<typeof s.profileSettingsUpdateSchema>): Promise<Settings> {
  if (!s.isTimeZone(input.timeZone)) throw invalid('timeZone', 'must be an IANA time zone such as Asia/Qatar');
  const languages = await activeLanguages(db, caller.orgId);
  if (input.defaultLanguage !== null && !languages.includes(input.defaultLanguage))
    throw invalid('defaultLanguage', `must be one of the organization's active languages (${languages.join(', ')})`);
  await write(db, caller, 'profile', input.expectedUpdatedAt, async (tx) => {
    // The base currency is a label for new prices: amounts already stored keep their own currency.
    await repo.updateOrganization(tx, caller.orgId, { name: input.name, currency: input.currency });
    return {
      profile: {
        logoUrl: input.logoUrl,
        address: input.address,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        timeZone: input.timeZone,
        defaultLanguage: input.defaultLanguage,
      },
    };
  });
  return getSettings(db, caller);
}

export async function updateEmail(ctx: AppContext, caller: Caller, input: z.infer<typeof s.emailSettingsUpdateSchema>): Promise<Settings> {
  await write(ctx.db, caller, 'email', input.expectedUpdatedAt, async (_tx, row) => {
    const patch: repo.SettingsPatch = {
      email: {
        ...(row?.email ?? {}),
        smtpHost: input.smtpHost,
        smtpPort: input.smtpPort,
        smtpSecurity: input.smtpSecurity,
        smtpUser: input.smtpUser,
        senderName: input.senderName,
        senderAddress: input.senderAddress,
      },
    };
    // Absent: keep; null or empty: remove; text: sealed with the settings key, never stored or answered in clear.
    if (input.smtpPassword !== undefined) patch.smtpPasswordCipher = input.smtpPassword ? seal(settingsKey(ctx), input.smtpPassword) : null;
    return patch;
  });
  return getSettings(ctx.db, caller);
}

export async function updateSecurity(db: Db, caller: Caller, input: z.infer<typeof s.securitySettingsUpdateSchema>): Promise<Settings> {
  const { expectedUpdatedAt, ...security } = input;
  await write(db, caller, 'security', expectedUpdatedAt, async (tx) => {
    // Touching the organization tells every server's access cache (its trigger), so the MFA policy applies at once.
    await repo.updateOrganization(tx, caller.orgId, {});
    return { security };
  });
  return getSettings(db, caller);
}

export async function updateData(db: Db, caller: Caller, input: z.infer<typeof s.dataSettingsUpdateSchema>): Promise<Settings> {
  const { expectedUpdatedAt, ...data } = input;
  await write(db, caller, 'data', expectedUpdatedAt, async (tx) => {
    if (data.auditRetentionDays !== null || data.outboxRetentionDays !== null) {
      // The daily clean-up of this organization; it queues its next run itself while a retention is set.
      const runAt = nextRetentionRun(new Date());
      await enqueueJob(tx, { orgId: caller.orgId, kind: RETENTION_JOB, runAt, dedupeKey: retentionKey(caller.orgId, runAt) });
    }
    return { data };
  });
  return getSettings(db, caller);
}

// E-mail templates: the shipped text of each template and language, and the organization's own wording.

type TemplateList = z.infer<typeof s.emailTemplateListSchema>;

export async function listTemplates(db: Db, caller: Caller): Promise<TemplateList> {
  const row = await repo.findSettings(db, caller.orgId);
  const own = (row?.email.templates as Templates | undefined) ?? {};
  const items = SETTINGS_EMAIL_TEMPLATES.flatMap((template) =>
    SETTINGS_EMAIL_LANGUAGES.map((language) => ({
      template,
      language,
      shipped: SHIPPED_TEMPLATES[template][language],
      override: own[template]?.[language] ?? null,
    })),
  );
  return { items, updatedAt: row ? row.updatedAt.toISOString() : null };
}

export async function setTemplate(
  db: Db,
  caller: Caller,
  key: { template: string; language: string },
  text: TemplateText | null,
  expected: string | null,
): Promise<TemplateList> {
  await write(db, caller, 'templates', expected, async (_tx, row) => {
    const email = row?.email ?? {};
    const templates: Templates = structuredClone((email.templates as Templates | undefined) ?? {});
    const forTemplate = (templates[key.template] ??= {});
    if (text) forTemplate[key.language] = text;
    else delete forTemplate[key.language];
    if (Object.keys(forTemplate).length === 0) delete templates[key.template];
    return { email: { ...email, templates } };
  });
  return listTemplates(db, caller);
}

export function tooManyTests(limit: number, windowSeconds: number, freeInSeconds: number): AppError {
  return new AppError(
    429,
    'rate_limited',
    `At most ${limit} test e-mails per ${windowSeconds / 60} minutes; try again in ${freeInSeconds} s`,
    undefined,
    { 'retry-after': String(freeInSeconds) },
  );
}
