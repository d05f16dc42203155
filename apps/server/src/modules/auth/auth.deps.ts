import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { badRequest } from './auth.errors.js';

/** Auth routes are GoTrue's wire protocol, not part of our OpenAPI document. */
export const HIDDEN = { schema: { hide: true } } as const;

/** Timings of the auth service; tests shorten them with configureAuth instead of sleeping. */
export interface AuthTuning {
  /** A rotated refresh token replayed within this window answers the already-issued child session. */
  refreshReuseGraceMs: number;
  /** At most one e-mail per address and client address in this window (/otp, /recover, /resend). */
  emailSendIntervalSeconds: number;
  /** Consecutive failed sign-ins per account and client address before the account is locked for that address. */
  signInMaxFailures: number;
  signInLockSeconds: number;
  /** Failed sign-ins and wrong e-mail codes per client address across accounts, within the window, before it is locked. */
  clientMaxFailures: number;
  clientWindowSeconds: number;
  clientLockSeconds: number;
  /** Wrong e-mail codes per address and client address before that client may not guess more. */
  codeMaxFailures: number;
  codeLockSeconds: number;
  /** Wrong codes a one-time e-mail code survives (links are never counted). */
  otpMaxAttempts: number;
  /** Wrong TOTP codes per factor before verification is locked. */
  mfaMaxFailures: number;
  mfaLockSeconds: number;
  now: () => number;
}

export const DEFAULT_TUNING: Readonly<AuthTuning> = {
  refreshReuseGraceMs: 10_000,
  emailSendIntervalSeconds: 60,
  signInMaxFailures: 5,
  signInLockSeconds: 15 * 60,
  clientMaxFailures: 20,
  clientWindowSeconds: 15 * 60,
  clientLockSeconds: 15 * 60,
  codeMaxFailures: 5,
  codeLockSeconds: 15 * 60,
  otpMaxAttempts: 5,
  mfaMaxFailures: 5,
  mfaLockSeconds: 5 * 60,
  now: () => Date.now(),
};

const tunings = new WeakMap<AppContext, AuthTuning>();

export function authTuning(ctx: AppContext): AuthTuning {
  let t = tunings.get(ctx);
  if (!t) {
    t = { ...DEFAULT_TUNING };
    tunings.set(ctx, t);
  }
  return t;
}

/** Changes the auth timings of one app (tests). */
export function configureAuth(ctx: AppContext, patch: Partial<AuthTuning>): void {
  Object.assign(authTuning(ctx), patch);
}

export interface AuthDeps {
  ctx: AppContext;
  readonly tuning: AuthTuning;
}

export function makeDeps(ctx: AppContext): AuthDeps {
  return { ctx, tuning: authTuning(ctx) };
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  redirectTo: string | undefined;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  const q = req.query as Record<string, unknown> | undefined;
  const redirect = q?.redirect_to;
  return {
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 512) : null,
    redirectTo: typeof redirect === 'string' && redirect.length <= 2048 ? redirect : undefined,
  };
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

const EMAIL_RE = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:]{2,}$/;

/** GoTrue stores e-mail addresses lower-cased. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_RE.test(email))
    throw badRequest('email_address_invalid', 'Unable to validate email address: invalid format');
  return email;
}

/** E.164 digits without the plus sign, as GoTrue stores them. */
export function normalizePhone(raw: string): string {
  const phone = raw.replace(/[\s\-()]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{6,14}$/.test(phone)) throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return phone;
}
