import { z } from 'zod';
import { expectedUpdatedAtSchema } from '../common/concurrency.js';
import {
  EXPORT_STATUSES,
  MFA_POLICY_ROLES,
  PASSWORD_LENGTH_FLOOR,
  SETTINGS_EMAIL_LANGUAGES,
  SETTINGS_EMAIL_TEMPLATES,
  SETTINGS_LIMITS as L,
  SMTP_SECURITY,
} from './constants.js';

export * from './constants.js';

// NUL and lone surrogates are refused on every route by the server's text guard (one 422 naming the field).
const text = (max: number) => z.string('must be text').trim().max(max, `at most ${max} characters`);
/** Optional text: an empty string is stored as null. */
const optionalText = (max: number) =>
  text(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
const oneLine = (max: number) => text(max).regex(/^[^\r\n]*$/, 'must be one line');
const whole = (min: number, max: number) =>
  z.number('must be a number').int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** Settings writes carry the version of the settings they were based on; null before the first save. */
const version = { expectedUpdatedAt: expectedUpdatedAtSchema.nullable() };

/** Whether the runtime knows an IANA time zone (UTC, or a name with a slash such as Asia/Qatar). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz.includes('/') || tz === 'UTC';
  } catch {
    return false;
  }
}

export const profileSettingsSchema = z.object({
  name: z.string(),
  currency: z.string(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  timeZone: z.string(),
  defaultLanguage: z.string().nullable(),
});

export const emailSettingsSchema = z.object({
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().nullable(),
  smtpSecurity: z.enum(SMTP_SECURITY),
  smtpUser: z.string().nullable(),
  /** The password itself is never answered: only whether one is stored. */
  passwordSet: z.boolean(),
  senderName: z.string().nullable(),
  senderAddress: z.string().nullable(),
});

export const securitySettingsSchema = z.object({
  minPasswordLength: z.number().int(),
  mfaRequiredRoles: z.array(z.enum(MFA_POLICY_ROLES)),
  sessionLifetimeHours: z.number().int().nullable(),
  signInMaxFailures: z.number().int(),
  signInLockMinutes: z.number().int(),
});

export const dataSettingsSchema = z.object({
  auditRetentionDays: z.number().int().nullable(),
  outboxRetentionDays: z.number().int().nullable(),
});

export const settingsSchema = z.object({
  profile: profileSettingsSchema,
  email: emailSettingsSchema,
  security: securitySettingsSchema,
  data: dataSettingsSchema,
  /** The server's floor for passwords, below which no organization may go. */
  passwordFloor: z.number().int(),
  /** The organization's active languages (codes), the choices of the default language. */
  languages: z.array(z.string()),
  /** Version of the settings; null until they are saved once. */
  updatedAt: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const profileSettingsUpdateSchema = z
  .object({
    name: oneLine(L.text).min(1, 'is required'),
    logoUrl: text(2000)
      .regex(/^(https?:\/\/\S+|\/storage\/v1\/\S+)?$/, 'must be an http(s) address or a storage path')
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    address: optionalText(L.address),
    contactEmail: z
      .union([z.literal(''), z.email('must be an e-mail address').max(320, 'at most 320 characters')])
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    contactPhone: text(40)
      .regex(/^(\+?[0-9 ()-]{4,40})?$/, 'must be a phone number')
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    // The pattern here; whether the zone exists (Intl knows it) is checked by the server with `isTimeZone`.
    timeZone: z
      .string('must be text')
      .max(64, 'at most 64 characters')
      .regex(/^(UTC|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/, 'must be an IANA time zone such as Asia/Qatar'),
    currency: z.string('must be text').regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as QAR'),
    defaultLanguage: z
      .string('must be text')
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language code such as en')
      .nullable(),
    ...version,
  })
  .strict();
export type ProfileSettingsUpdate = z.infer<typeof profileSettingsUpdateSchema>;

export const emailSettingsUpdateSchema = z
  .object({
    smtpHost: optionalText(253).refine((v) => v === null || /^[A-Za-z0-9.-]+$/.test(v), 'must be a host name or address'),
    smtpPort: whole(1, 65535).nullable(),
    smtpSecurity: z.enum(SMTP_SECURITY, 'must be none, starttls or tls'),
    smtpUser: optionalText(320),
    /** Absent: keep the stored password; null: remove it; text: replace it. */
    smtpPassword: z.string('must be text').max(500, 'at most 500 characters').nullable().optional(),
    senderName: optionalText(L.text).refine(
      (v) => v === null || !/[\r\n<>"]/.test(v),
      'must not contain line breaks, quotes or angle brackets',
    ),
    senderAddress: z
      .union([z.literal(''), z.email('must be an e-mail address').max(320, 'at most 320 characters')])
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    ...version,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.smtpHost !== null && v.smtpPort === null)
      ctx.addIssue({ code: 'custom', path: ['smtpPort'], message: 'is required with a host' });
    if (v.smtpHost !== null && v.senderAddress === null)
      ctx.addIssue({ code: 'custom', path: ['senderAddress'], message: 'is required with a host' });
  });
export type EmailSettingsUpdate = z.infer<typeof emailSettingsUpdateSchema>;

export const securitySettingsUpdateSchema = z
  .object({
    minPasswordLength: whole(PASSWORD_LENGTH_FLOOR, L.passwordLengthMax),
    mfaRequiredRoles: z
      .array(z.enum(MFA_POLICY_ROLES, 'must be a staff role'), 'must be a list of roles')
      .max(MFA_POLICY_ROLES.length)
      .refine((xs) => new Set(xs).size === xs.length, 'lists a role twice'),
    sessionLifetimeHours: whole(L.sessionHoursMin, L.sessionHoursMax).nullable(),
    signInMaxFailures: whole(L.signInFailuresMin, L.signInFailuresMax),
    signInLockMinutes: whole(L.lockMinutesMin, L.lockMinutesMax),
    ...version,
  })
  .strict();
export type SecuritySettingsUpdate = z.infer<typeof securitySettingsUpdateSchema>;

export const dataSettingsUpdateSchema = z
  .object({
    /** Days to keep; null keeps forever. */
    auditRetentionDays: whole(L.retentionDaysMin, L.retentionDaysMax).nullable(),
    outboxRetentionDays: whole(L.retentionDaysMin, L.retentionDaysMax).nullable(),
    ...version,
  })
  .strict();
export type DataSettingsUpdate = z.infer<typeof dataSettingsUpdateSchema>;

export const smtpTestSchema = z.object({ to: z.email('must be an e-mail address').max(320, 'at most 320 characters') }).strict();
export const smtpTestResultSchema = z.object({ ok: z.boolean(), error: z.string().nullable() });

const templateText = z.object({ subject: z.string(), body: z.string() });
export const emailTemplateSchema = z.object({
  template: z.enum(SETTINGS_EMAIL_TEMPLATES),
  language: z.enum(SETTINGS_EMAIL_LANGUAGES),
  shipped: templateText,
  override: templateText.nullable(),
});
export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema), updatedAt: z.string().nullable() });
export type EmailTemplateItem = z.infer<typeof emailTemplateSchema>;

export const emailTemplateParams = z.object({
  template: z.enum(SETTINGS_EMAIL_TEMPLATES, 'must be a template name'),
  language: z.enum(SETTINGS_EMAIL_LANGUAGES, 'must be en or ar'),
});
const templateFields = {
  subject: oneLine(L.templateSubject).min(1, 'is required'),
  body: text(L.templateBody).min(1, 'is required'),
};
export const emailTemplateUpdateSchema = z.object({ ...templateFields, ...version }).strict();
export const emailTemplatePreviewBody = z.object(templateFields).strict();
export const emailTemplatePreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export const emailTemplateResetBody = z.object(version).strict();

export const settingsExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far and the table being written, while it runs. */
  progress: z.object({ rows: z.number().int(), table: z.string().nullable(), tablesDone: z.number().int(), tables: z.number().int() }),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SettingsExport = z.infer<typeof settingsExportSchema>;
export const settingsExportListSchema = z.object({ items: z.array(settingsExportSchema) });

export const mySecuritySchema = z.object({
  /** The organization requires a second factor of this user's role and the user has none yet. */
  mfaEnrollmentRequired: z.boolean(),
});
