import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-provider';
import { KEPT_ME_KEY } from './kept-me';

// The auth client as the provider sees it: its session events. Each test says which events it sends, as the real
// client does after reading storage and trying (or failing) to refresh the token.
type Listener = (event: AuthChangeEvent, session: Session | null) => void;
const listeners = new Set<Listener>();
vi.mock('../../lib/supabase', () => ({
  AUTH_STORAGE_KEY: 'market-auth',
  auth: () => ({
    onAuthStateChange: (cb: Listener) => {
      listeners.add(cb);
      return { data: { subscription: { unsubscribe: () => listeners.delete(cb) } } };
    },
  }),
}));
const emit = (event: AuthChangeEvent, session: Session | null) => act(() => listeners.forEach((l) => l(event, session)));

const USER = 'c17de4a5-8c9a-4d6f-9e1b-708192a3b4c5';
const session = (expiresIn: number): Session => {
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: 'header.payload.signature',
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + expiresIn,
    user: { id: USER, aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2025-01-01T00:00:00Z' },
  };
};

function Who() {
  const { session: s, loading, lastEvent } = useAuth();
  return <p data-testid="who">{loading ? 'loading' : `${s?.user.id ?? 'nobody'} after ${lastEvent}`}</p>;
}

beforeEach(() => listeners.clear());

describe('AuthProvider without a connection', () => {
  it('keeps the stored session when a token near its expiry could not be refreshed at start-up', async () => {
    // The token expired while offline: the client's refresh failed on the network, so it reports no session at start
    // yet keeps the stored one (it removes it only when the server refuses the refresh).
    localStorage.setItem('market-auth', JSON.stringify(session(-60)));
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByTestId('who').textContent).toBe('loading');
    await emit('INITIAL_SESSION', null);
    expect(screen.getByTestId('who').textContent).toBe(`${USER} after INITIAL_SESSION`);

    // Back online the client refreshes it: the new session replaces the stored one.
    const fresh = { ...session(3600), access_token: 'new.token.here' };
    await emit('TOKEN_REFRESHED', fresh);
    expect(screen.getByTestId('who').textContent).toBe(`${USER} after TOKEN_REFRESHED`);
  });

  it('signs out when the client does (the server refused the refresh, or the user signed out): the kept /me answers go too', async () => {
    localStorage.setItem('market-auth', JSON.stringify(session(3600)));
    localStorage.setItem(KEPT_ME_KEY(USER), JSON.stringify({ user: { id: USER }, permissions: ['vendor_management'] }));
    localStorage.setItem('pim-language', 'ar');
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
    await emit('INITIAL_SESSION', session(3600));
    expect(screen.getByTestId('who').textContent).toBe(`${USER} after INITIAL_SESSION`);
    // Even with a session still in storage, a sign-out is one.
    await emit('SIGNED_OUT', null);
    expect(screen.getByTestId('who').textContent).toBe('nobody after SIGNED_OUT');
    expect(localStorage.getItem(KEPT_ME_KEY(USER))).toBeNull();
    expect(localStorage.getItem('pim-language')).toBe('ar');
  });

  it('starts signed out when nothing is stored', async () => {
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
    await emit('INITIAL_SESSION', null);
    expect(screen.getByTestId('who').textContent).toBe('nobody after INITIAL_SESSION');
    // Something that is not a session (a damaged entry) is not taken for one.
    localStorage.setItem('market-auth', JSON.stringify({ access_token: 'x' }));
    await emit('INITIAL_SESSION', null);
    expect(screen.getByTestId('who').textContent).toBe('nobody after INITIAL_SESSION');
  });
});
