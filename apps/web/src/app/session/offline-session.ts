import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from '../../lib/supabase';

/** The session the auth client stored on this device, when it holds one (tokens, expiry and user). */
export function storedSession(): Session | null {
  try {
    const s = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as Partial<Session> | null;
    return s && typeof s.access_token === 'string' && typeof s.refresh_token === 'string' && typeof s.expires_at === 'number' && s.user?.id
      ? (s as Session)
      : null;
  } catch {
    return null;
  }
}

/**
 * The session the app goes on with after an auth event. Without a connection a token close to its expiry cannot be
 * refreshed: the auth client then starts with no session (INITIAL_SESSION with null), yet keeps the stored one, which
 * it removes (SIGNED_OUT) only once the server refuses the refresh. Meanwhile the stored session stands, so a page
 * reloaded offline (the POS register) is not sent to the sign-in page; the server still checks every request, and the
 * client's own refresh (TOKEN_REFRESHED) replaces it once the connection returns.
 */
export function sessionAfter(event: AuthChangeEvent, session: Session | null): Session | null {
  if (session || event !== 'INITIAL_SESSION') return session;
  return storedSession();
}
