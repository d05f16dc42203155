import { AuthError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/auth-js';

type T = (key: string, vars?: Record<string, string | number>) => string;

/** Every error the auth service can give, in words. */
export function authErrorMessage(err: unknown, t: T): string {
  if (err instanceof AuthWeakPasswordError) {
    const reasons = (err.reasons ?? []).map((r) => t(`auth.error.weakReason.${r}`, { min: 10 }));
    return reasons.length ? t('auth.error.weakPasswordReasons', { reasons: reasons.join(', ') }) : t('auth.error.weakPassword');
  }
  if (err instanceof AuthRetryableFetchError) return err.status >= 500 ? t('auth.error.serviceUnavailable') : t('auth.error.network');
  if (err instanceof AuthError) {
    const code = err.code ?? '';
    if (err.status === 429 || code.includes('rate_limit') || code === 'too_many_requests') {
      const minutes = Number(/(\d+)\s*minute/.exec(err.message)?.[1] ?? 15);
      return t('auth.error.tooManyAttempts', { minutes });
    }
    const byCode: Record<string, string> = {
      invalid_credentials: 'auth.error.invalidCredentials',
      email_not_confirmed: 'auth.error.emailNotConfirmed',
      weak_password: 'auth.error.weakPassword',
      same_password: 'auth.error.samePassword',
      otp_expired: 'auth.error.invalidCode',
      mfa_verification_failed: 'auth.error.invalidCode',
      user_already_exists: 'auth.error.userExists',
      email_exists: 'auth.error.userExists',
      session_not_found: 'auth.error.invalidSession',
      session_expired: 'auth.error.sessionExpired',
      bad_jwt: 'auth.error.invalidSession',
      email_address_invalid: 'auth.error.invalidEmail',
    };
    if (byCode[code]) return t(byCode[code]);
    if (err.name === 'AuthSessionMissingError') return t('auth.error.sessionMissing');
    return err.message || t('auth.error.generic');
  }
  return t('auth.error.generic');
}
