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

/** The link in an e-mail: our GET /verify, which checks the token and redirects with the session. */
export function verifyLink(config: Pick<AppConfig, 'publicUrl'>, token: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${config.publicUrl}/auth/v1/verify?${q.toString()}`;
}

/** Replaces the fragment; auth-js reads the session (or the error) from there. */
export function withFragment(url: string, params: Record<string, string>): string {
  const base = url.split('#')[0]!;
  return `${base}#${new URLSearchParams(params).toString()}`;
}
