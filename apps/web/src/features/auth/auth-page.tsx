import { Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { auth } from '../../lib/supabase';
import { useI18n } from '../i18n/i18n-provider';
import { useAuth } from './auth-provider';
import { CodeForm, ForgotForm, MfaForm, ResetForm, SignInForm, SignUpForm, type Mode } from './auth-forms';

/** Sign in (e-mail or phone), sign up, reset password, e-mailed code, and the TOTP step. */
export default function AuthPage() {
  const { t, ready } = useI18n();
  const { session, lastEvent } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'reset' ? 'reset' : 'signIn');
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  useEffect(() => {
    if (lastEvent === 'PASSWORD_RECOVERY') setMode('reset');
  }, [lastEvent]);

  // A signed-in visitor continues where they were going, once two-factor is satisfied.
  useEffect(() => {
    if (!session || mode === 'reset' || mode === 'mfa') return;
    let cancelled = false;
    void auth()
      .mfa.getAuthenticatorAssuranceLevel()
      .then(({ data }) => {
        if (cancelled) return;
        if (data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2') setMode('mfa');
        else navigate(from, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [session, mode, from, navigate]);

  const done = () => navigate(from, { replace: true });
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
        {ready && mode === 'code' && <CodeForm setMode={setMode} />}
        {ready && mode === 'mfa' && <MfaForm onDone={done} setMode={setMode} />}
      </div>
    </main>
  );
}
