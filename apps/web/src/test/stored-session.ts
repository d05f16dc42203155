import { AUTH_STORAGE_KEY } from '../lib/supabase';

/**
 * A session as the sign-in stores it, which the real auth client reads at start (as in the browser). The token is
 * far from its expiry, so nothing is refreshed.
 */
export function storeSession(
  opts: { userId?: string; email?: string; accessToken?: string; userMetadata?: Record<string, unknown> } = {},
): void {
  const now = Math.floor(Date.now() / 1000);
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: opts.accessToken ?? 'header.payload.signature',
      refresh_token: 'refresh',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + 3600,
      user: {
        id: opts.userId ?? 'user-1',
        aud: 'authenticated',
        role: 'authenticated',
        email: opts.email ?? 'a@example.test',
        app_metadata: {},
        user_metadata: opts.userMetadata ?? {},
      },
    }),
  );
}
