import { useQueryClient } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { auth } from '../../lib/supabase';
import { meQuery } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { landingPath } from '../vendor-portal';
import { useAuth } from '../../app/session/auth-provider';
import { CodeForm, ForgotForm, InviteExpired, MfaForm, ResetForm, SignInForm, SignUpForm, type Mode } from './auth-forms';

/**
 * The invitation link verifies at /auth/v1/verify and comes back as /auth?mode=invite#access_token=...&type=invite.
 * Read before the auth client takes the tokens out of the address.
 */
function initialMode(params: URLSearchParams): Mode {
  if (params.get('mode') === 'invite' || /(?:^#|&)type=invite(?:&|$)/.test(window.location.hash)) return 'invite';
  return params.get('mode') === 'reset' ? 'reset' : 'signIn';
}

/** The server says false (not GoTrue's field) when the account has no password yet. */
const hasPassword = (user: object) => (user as { has_password?: boolean }).has_password !== false;

/** Sign in (e-mail or phone), sign up, reset password, e-mailed code, and the TOTP step. */
export default function AuthPage() {
  const { t, ready } = useI18n();
  const { session, loading, lastEvent } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => initialMode(params));
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  // Going "home" means the landing page of the account: vendors to their dashboard, staff to the staff one.
  const goOn = useCallback(async () => {
    let target = from;
    if (from === '/' && session) {
      try {
        target = landingPath((await qc.fetchQuery(meQuery(session.user.id))).permissions);
      } catch {
        // "/" decides again once the permissions can be read.
      }
    }
    navigate(target, { replace: true });
  }, [from, session, qc, navigate]);

  useEffect(() => {
    if (lastEvent === 'PASSWORD_RECOVERY') setMode('reset');
  }, [lastEvent]);

  // A signed-in visitor continues where they were going, once they have a password (an address
  // proven just now drops the one set before, decision 008) and two-factor is satisfied.
  useEffect(() => {
    if (!session || mode === 'reset' || mode === 'mfa' || mode === 'invite' || mode === 'choose') return;
    if (!hasPassword(session.user)) {
      setMode('choose');
      return;
    }
    let cancelled = false;
    void auth()
      .mfa.getAuthenticatorAssuranceLevel()
      .then(({ data }) => {
        if (cancelled) return;
        if (data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2') setMode('mfa');
        else void goOn();
      });
    return () => {
      cancelled = true;
    };
  }, [session, mode, goOn]);

  const done = () => void goOn();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <div className="min-h-[31rem] w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm">
        <div className="mb-6 flex items-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Store className="size-5" aria-hidden />
          </div>
          {ready && (
            <div>
              <h1 className="text-lg font-semibold">{t('app.title')}</h1>
              <p className="text-sm text-muted-foreground">{t('auth.subtitle')}</p>
            </div>
          )}
        </div>
        {ready && mode === 'signIn' && <SignInForm setMode={setMode} />}
        {ready && mode === 'signUp' && <SignUpForm setMode={setMode} />}
        {ready && mode === 'forgot' && <ForgotForm setMode={setMode} />}
        {ready && mode === 'reset' && <ResetForm onDone={done} />}
        {ready && mode === 'choose' && session && <ResetForm choose email={session.user.email} onDone={done} />}
        {ready &&
          mode === 'invite' &&
          (session ? <ResetForm invite email={session.user.email} onDone={done} /> : !loading && <InviteExpired setMode={setMode} />)}
        {ready && mode === 'code' && <CodeForm setMode={setMode} />}
        {ready && mode === 'mfa' && <MfaForm onDone={done} setMode={setMode} />}
      </div>
    </main>
  );
}
