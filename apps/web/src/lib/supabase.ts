import { GoTrueClient } from '@supabase/auth-js';
import { publicConfig } from './config';

let client: GoTrueClient | null = null;

/** Where the auth client keeps the session on this device (localStorage). */
export const AUTH_STORAGE_KEY = 'market-auth';

/**
 * The auth client of supabase-js (@supabase/auth-js, the package supabase-js builds its `auth` from),
 * pointed at our own server. Only the auth and realtime parts are loaded: the PostgREST, storage and
 * functions clients are not part of the initial bundle (see docs/decisions/003-spa-supabase-clients.md).
 */
export function auth(): GoTrueClient {
  const { anonKey } = publicConfig();
  client ??= new GoTrueClient({
    url: `${window.location.origin}/auth/v1`,
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    storageKey: AUTH_STORAGE_KEY,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
  });
  return client;
}
