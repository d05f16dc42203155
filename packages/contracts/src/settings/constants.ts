// Zod-free: the values the settings forms need in the browser, reachable from `@market/contracts/plain`.

/** How the SMTP connection is secured: plain, upgraded with STARTTLS, or TLS from the first byte. */
export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** The e-mails of the server's own templates (apps/server/src/modules/email/email-templates.ts) an organization may reword. */
export const SETTINGS_EMAIL_TEMPLATES = ['welcome', 'confirmation-preview'] as const;
export type SettingsEmailTemplate = (typeof SETTINGS_EMAIL_TEMPLATES)[number];
export const SETTINGS_EMAIL_LANGUAGES = ['en', 'ar'] as const;
export type SettingsEmailLanguage = (typeof SETTINGS_EMAIL_LANGUAGES)[number];
/** Placeholders a template's subject and body may use. */
export const SETTINGS_TEMPLATE_PLACEHOLDERS = ['{org}', '{link}'] as const;

/** Staff roles a security policy can require two-step sign-in for (vendor roles are not staff). */
export const MFA_POLICY_ROLES = [
  'super_admin',
  'admin',
  'marketing',
  'inventory',
  'content',
  'vendor_manager',
  'vendor_manager_plus',
] as const;
export type MfaPolicyRole = (typeof MFA_POLICY_ROLES)[number];

/** The server's floor for password length (lib/password-policy.ts uses it); an organization may only raise it. */
export const PASSWORD_LENGTH_FLOOR = 10;

export const SETTINGS_LIMITS = {
  passwordLengthMax: 128,
  sessionHoursMin: 1,
  sessionHoursMax: 2160,
  signInFailuresMin: 3,
  signInFailuresMax: 50,
  lockMinutesMin: 1,
  lockMinutesMax: 1440,
  retentionDaysMin: 30,
  retentionDaysMax: 36500,
  text: 200,
  address: 500,
  templateSubject: 200,
  templateBody: 5000,
} as const;

/** The defaults a fresh organization has: the server's own throttle (5 failures, 15 minutes) and no session limit. */
export const SECURITY_DEFAULTS = {
  minPasswordLength: PASSWORD_LENGTH_FLOOR,
  mfaRequiredRoles: [] as MfaPolicyRole[],
  sessionLifetimeHours: null as number | null,
  signInMaxFailures: 5,
  signInLockMinutes: 15,
};

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
