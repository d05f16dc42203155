import { AuthError } from '@supabase/auth-js';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../app/i18n/i18n-provider';
import { publicConfig } from '../../lib/config';
import { auth } from '../../lib/supabase';
import { authErrorMessage } from './auth-errors';
import { FormError, LinkButton } from './auth-fields';

export const LINK_TYPES = ['signup', 'magiclink', 'invite', 'recovery', 'email_change'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** What an e-mailed link carries in its fragment (the server's `confirmLink`); the fragment never reaches a server. */
export interface EmailLink {
  tokenHash: string;
  type: LinkType;
  /** Where to go once confirmed: a path of this site, or null. */
  next: string | null;
  email: string | null;
  /** Sent in the PKCE flow (flow_type=pkce): the button leads to redirect_to?code=… for the app holding the verifier. */
  pkce: boolean;
}

/** A redirect of this origin as a path (the server allows no other, and neither does this page). */
function samePath(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** The link of the address bar (`/auth?mode=confirm#token_hash=...&type=...`), or null when it is cut short. */
export function readEmailLink(hash: string): EmailLink | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const tokenHash = p.get('token_hash')?.trim() ?? '';
  const type = p.get('type') as LinkType | null;
  if (!/^[A-Za-z0-9_-]{16,512}$/.test(tokenHash) || !type || !LINK_TYPES.includes(type)) return null;
  return { tokenHash, type, next: samePath(p.get('redirect_to')), email: p.get('email'), pkce: p.get('flow_type') === 'pkce' };
}

/**
 * A link of the PKCE flow: POST /verify answers the flow's one-time code in `redirect_to` instead of a
 * session (supabase-js's verifyOtp would drop it), and the browser goes there for the app that holds the
 * verifier to exchange it.
 */
async function confirmPkce(link: EmailLink): Promise<string> {
  const { anonKey } = publicConfig();
  const res = await fetch(`${window.location.origin}/auth/v1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: anonKey, authorization: `Bearer ${anonKey}` },
    body: JSON.stringify({ type: link.type, token_hash: link.tokenHash, redirect_to: `${window.location.origin}${link.next ?? '/'}` }),
  });
  const body = (await res.json().catch(() => ({}))) as { redirect_to?: string; error_code?: string; msg?: string };
  if (!res.ok || !body.redirect_to)
    throw new AuthError(body.msg ?? `HTTP ${res.status}`, res.status, body.error_code ?? 'unexpected_failure');
  return body.redirect_to;
}

/**
 * The page an e-mailed link opens (issue 14, item 9): it says what will happen, and only its button
 * spends the link (verifyOtp → POST /auth/v1/verify). Opening the page, as a mail scanner does, spends
 * nothing. `onConfirmed` gets the id of the user now signed in.
 */
export function ConfirmLink({
  link,
  onConfirmed,
  onBack,
}: {
  link: EmailLink | null;
  onConfirmed: (userId: string) => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The token leaves the address bar (and the history entry) once read: the page holds it in memory.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  if (!link) {
    return (
      <div className="flex flex-col gap-4" data-testid="confirm-link-invalid">
        <FormError message={t('auth.link.invalid')} />
        <LinkButton onClick={onBack}>{t('auth.backToSignIn')}</LinkButton>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (link.pkce) {
        window.location.assign(await confirmPkce(link));
        return;
      }
      const { data, error: failed } = await auth().verifyOtp({ token_hash: link.tokenHash, type: link.type });
      if (failed) throw failed;
      if (!data.user) throw new Error('no user');
      onConfirmed(data.user.id);
    } catch (err) {
      setBusy(false);
      const expired = err instanceof AuthError && (err.code === 'otp_expired' || err.status === 403);
      setError(expired ? t('auth.link.expired') : authErrorMessage(err, t));
    }
  };

  const email = link.email ?? t('auth.link.noEmail');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="confirm-link" data-type={link.type}>
      <h2 className="font-medium">{t(`auth.link.${link.type}.title`)}</h2>
      <p className="text-sm">{t(`auth.link.${link.type}.intro`, { email })}</p>
      <p className="text-sm text-muted-foreground">{t('auth.link.note')}</p>
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.link.working') : t(`auth.link.${link.type}.action`)}
      </Button>
      <LinkButton onClick={onBack}>{t('auth.backToSignIn')}</LinkButton>
    </form>
  );
}
