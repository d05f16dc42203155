import { useQueryClient } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { auth } from '../../lib/supabase';
import { meQuery } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { landingPath } from '../vendor-portal';
import { useAuth } from '../../app/session/auth-provider';
import { needsPassword } from '../../app/session/needs-password';
import { CodeForm, ForgotForm, InviteExpired, MfaForm, ResetForm, SignInForm, SignUpForm, type Mode } from './auth-forms';
import { ConfirmLink, readEmailLink, type LinkType } from './confirm-link';

/**
 * An e-mailed link opens /auth?mode=confirm#token_hash=...&type=... (issue 14, item 9): a page with a
 * button, which alone spends the link. An older invitation came back as /auth?mode=invite#access_token=...&type=invite.
 * Read before the auth client takes tokens out of the address.
 */
function initialMode(params: URLSearchParams): Mode {
  if (params.get('mode') === 'confirm') return 'confirm';
  if (params.get('mode') === 'invite' || /(?:^#|&)type=invite(?:&|$)/.test(window.location.hash)) return 'invite';
  return params.get('mode') === 'reset' ? 'reset' : 'signIn';
}

/** Where a confirmed link leads: invitations and recoveries to their password form, the rest on to the app. */
const MODE_AFTER: Record<LinkType, Mode> = {
  invite: 'invite',
  recovery: 'reset',
  signup: 'signIn',
  magiclink: 'signIn',
  email_change: 'signIn',
};

/** Sign in (e-mail or phone), sign up, reset password, e-mailed code, and the TOTP step. */
export default function AuthPage() {
  const { t, ready } = useI18n();
  const { session, loading, lastEvent } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => initialMode(params));
  const [link] = useState(() => (mode === 'confirm' ? readEmailLink(window.location.hash) : null));
  // The user an e-mailed link just signed in: the page moves on once the session is theirs.
  const [confirmedId, setConfirmedId] = useState<string | null>(null);
  const linkNext = link?.next && !link.next.startsWith('/auth') ? link.next : null;
  const from = (location.state as { from?: string } | null)?.from ?? linkNext ?? '/';

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

  useEffect(() => {
    if (link && confirmedId && session?.user.id === confirmedId) setMode(MODE_AFTER[link.type]);
  }, [link, confirmedId, session]);

  // A signed-in visitor continues where they were going, once they have a password (an address
  // proven just now drops the one set before, decision 008) and two-factor is satisfied.
  useEffect(() => {
    if (!session || mode === 'reset' || mode === 'mfa' || mode === 'invite' || mode === 'choose' || mode === 'confirm') return;
    if (needsPassword(session.user)) {
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
        {ready && mode === 'confirm' && <ConfirmLink link={link} onConfirmed={setConfirmedId} onBack={() => setMode('signIn')} />}
        {ready && mode === 'mfa' && <MfaForm onDone={done} setMode={setMode} />}
      </div>
    </main>
  );
}
