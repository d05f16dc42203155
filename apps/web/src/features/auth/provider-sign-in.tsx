import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../app/i18n/i18n-provider';
import { publicConfig } from '../../lib/config';
import { auth } from '../../lib/supabase';
import { authErrorMessage } from './auth-errors';
import { FormError } from './auth-fields';

/** The part of GoTrue's /settings the sign-in page reads: the operator's OpenID Connect provider, if any (decision 027). */
interface AuthSettings {
  oidc: { provider: string; name: string } | null;
}

async function fetchAuthSettings(): Promise<AuthSettings> {
  const { anonKey } = publicConfig();
  const res = await fetch(`${window.location.origin}/auth/v1/settings`, { headers: { apikey: anonKey } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as Partial<AuthSettings>;
  return { oidc: body.oidc ?? null };
}

/**
 * The error a provider's round trip came back with, as GoTrue puts it in the fragment (`error`, `error_code`,
 * `error_description`), or null. Read once when the sign-in page opens; the fragment is then cleared.
 */
export function readProviderError(hash: string): { code: string; description: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.get('error') && !params.get('error_code') && !params.get('error_description')) return null;
  return {
    code: params.get('error_code') ?? params.get('error') ?? 'unexpected_failure',
    description: (params.get('error_description') ?? '').slice(0, 300),
  };
}

/**
 * "Continue with <name>" when the server has a provider configured (signInWithOAuth → /auth/v1/authorize;
 * the provider sends the browser back here with the session). While the settings load, or if they cannot
 * be read, the page offers the other ways to sign in only.
 */
export function ProviderSignIn({ returnUrl }: { returnUrl: string }) {
  const t = useT();
  const settings = useQuery({ queryKey: ['auth', 'settings'], queryFn: fetchAuthSettings, staleTime: 5 * 60_000 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Back from the provider with an error: say so (even if the provider has been removed since), once.
  const [returned] = useState(() => {
    const found = readProviderError(window.location.hash);
    if (found) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return found;
  });
  const provider = settings.data?.oidc;
  const returnedMessage = returned ? t('auth.providerFailed', { reason: returned.description || returned.code }) : null;
  if (!provider) return returnedMessage ? <FormError message={returnedMessage} /> : null;

  const go = async () => {
    setBusy(true);
    setError(null);
    const { error: failed } = await auth().signInWithOAuth({ provider: provider.provider as never, options: { redirectTo: returnUrl } });
    if (failed) {
      setBusy(false);
      setError(authErrorMessage(failed, t));
    }
    // Otherwise the browser is on its way to the provider.
  };

  return (
    <div className="flex flex-col gap-3" data-testid="provider-sign-in">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <FormError message={error ?? returnedMessage} />
      <Button type="button" variant="outline" disabled={busy} onClick={() => void go()}>
        {t('auth.continueWith', { name: provider.name })}
      </Button>
    </div>
  );
}
