import { hostMatches } from '@market/contracts';
import type { AppConfig } from '../../config/config.js';

/**
 * Where a link may send the browser: our own origin (or the vendor host), never elsewhere, so a
 * confirmation link cannot be turned into an open redirect that carries tokens to a third party.
 * Anything else falls back to the public URL, as GoTrue falls back to its SITE_URL.
 */
export function safeRedirect(config: Pick<AppConfig, 'publicUrl' | 'vendorHost'>, candidate: string | null | undefined): string {
  if (!candidate) return config.publicUrl;
  try {
    const base = new URL(config.publicUrl);
    const url = new URL(candidate, config.publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return config.publicUrl;
    if (url.username || url.password) return config.publicUrl;
    const sameOrigin = url.origin === base.origin;
    // A vendor host named without a port is served on the public URL's port (one server answers both names).
    const vendor =
      config.vendorHost !== null &&
      hostMatches(config.vendorHost, url.host) &&
      (config.vendorHost.includes(':') || url.port === base.port) &&
      url.protocol === base.protocol;
    return sameOrigin || vendor ? url.toString() : config.publicUrl;
  } catch {
    return config.publicUrl;
  }
}

/**
 * The link in an e-mail (issue 14, item 9): a page of the web app on the redirect target's origin (the
 * session is kept per origin), which says what will happen and spends the token only when its button
 * POSTs /verify. Opening it, as a mail scanner does, spends nothing. The token and the rest ride in the
 * fragment, which browsers never send to a server; the language rides in the query, so the page starts in it.
 */
export function confirmLink(
  token: string,
  type: string,
  redirectTo: string,
  opts: { lang?: string | null; email?: string | null; pkce?: boolean } = {},
): string {
  const page = new URL('/auth', redirectTo);
  page.searchParams.set('mode', 'confirm');
  if (opts.lang) page.searchParams.set('lang', opts.lang);
  const hash = new URLSearchParams({ token_hash: token, type, redirect_to: redirectTo });
  if (opts.email) hash.set('email', opts.email);
  // The page then asks for the flow's code (and goes to redirect_to?code=…) instead of a session.
  if (opts.pkce) hash.set('flow_type', 'pkce');
  return `${page.toString()}#${hash.toString()}`;
}

/** The `lang` a link's query names (the web app puts the page's language in its redirect_to), if any. */
export function languageOfUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://x').searchParams.get('lang');
  } catch {
    return null;
  }
}

/** Adds a query parameter (PKCE's ?code=…), keeping any fragment out. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url.split('#')[0]!);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Replaces the fragment; auth-js reads the session (or the error) from there. */
export function withFragment(url: string, params: Record<string, string>): string {
  const base = url.split('#')[0]!;
  return `${base}#${new URLSearchParams(params).toString()}`;
}
