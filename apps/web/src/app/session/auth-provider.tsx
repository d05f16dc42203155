import type { Session } from '@supabase/auth-js';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { auth } from '../../lib/supabase';
import { afterStart } from './after-start';
import { forgetKeptMe } from './kept-me';
import { sessionAfter } from './offline-session';

interface AuthState {
  session: Session | null;
  /** True until the first session event (INITIAL_SESSION) arrives. */
  loading: boolean;
  /** The last auth event, e.g. PASSWORD_RECOVERY, for the sign-in page. */
  lastEvent: string | null;
}

const AuthContext = createContext<AuthState>({ session: null, loading: true, lastEvent: null });

/**
 * Follows the auth client's session events (initial, signed in/out, refreshed, user updated, recovery, MFA). A start
 * without a connection keeps the stored session (offline-session.ts); signing out forgets the kept /me answers.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ session: null, loading: true, lastEvent: null });
  useEffect(() => {
    const { data } = auth().onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') forgetKeptMe();
      setState({ session: sessionAfter(event, session), loading: false, lastEvent: event });
      // Open realtime channels rejoin with the new token. A client created later asks for the token itself,
      // so the module is not fetched for this on the way to the first page.
      if (event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN' || event === 'SIGNED_OUT') {
        afterStart(() => void import('../../lib/realtime').then((m) => m.realtime().setAuth()));
      }
    });
    return () => data.subscription.unsubscribe();
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
