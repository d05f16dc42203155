import type { platformRoutes, ResponseOf } from '@market/contracts/plain';
import { ApiError } from '../../lib/api';
import { AUTH_STORAGE_KEY } from '../../lib/supabase';

export type Me = ResponseOf<typeof platformRoutes.getMe>;

// The last answer of GET /me for each user who signed in on this device, so a page opened again without a
// connection (the POS register) still knows the user's permissions. It is only the screen's view: the server
// checks every request. Used only when the server gave no answer at all, never in place of a refusal (401, 403),
// and forgotten on sign-out.

const PREFIX = 'market-me:';
export const KEPT_ME_KEY = (userId: string) => `${PREFIX}${userId}`;

/** Keeps the answer under its own user's id, while a session is stored (an answer arriving after sign-out is not kept). */
export function keepMe(me: Me): void {
  try {
    if (localStorage.getItem(AUTH_STORAGE_KEY) === null) return;
    localStorage.setItem(KEPT_ME_KEY(me.user.id), JSON.stringify(me));
  } catch {
    // Storage full or refused: offline, the page falls back as it did before.
  }
}

/** The answer kept for this user, if it is one (the user's own, with a list of permissions). */
export function keptMe(userId: string): Me | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_ME_KEY(userId)) ?? 'null') as Partial<Me> | null;
    return kept && kept.user?.id === userId && Array.isArray(kept.permissions) ? (kept as Me) : null;
  } catch {
    return null;
  }
}

/** Forgets every kept answer (on sign-out, whoever signed out). */
export function forgetKeptMe(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
    for (const k of keys) localStorage.removeItem(k);
  } catch {
    // Nothing kept can be read either.
  }
}

/**
 * The request got no answer from the server (offline, connection refused, name not resolved): fetch rejects with a
 * TypeError, an upload with status 0. Any HTTP answer, a refusal above all, is not one.
 */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status === 0);
}
