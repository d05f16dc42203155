import { hostMatches } from '@market/contracts/plain';

export interface PublicConfig {
  version: string;
  anonKey: string;
  vendorHost: string | null;
  publicUrl: string;
  map: { tileUrl: string; attribution: string };
}

let config: PublicConfig | null = null;

/** Loaded once before the app renders: the anon key is needed to create the auth client. */
export async function loadPublicConfig(): Promise<PublicConfig> {
  // The server writes the configuration into index.html, saving a round trip before the first render.
  const inline = (window as { __MARKET_CONFIG__?: PublicConfig }).__MARKET_CONFIG__;
  if (inline) return (config = inline);
  const res = await fetch('/api/v1/config');
  if (!res.ok) throw new Error(`The server did not give its configuration (HTTP ${res.status})`);
  config = (await res.json()) as PublicConfig;
  return config;
}

export function publicConfig(): PublicConfig {
  if (!config) throw new Error('Public configuration not loaded');
  return config;
}

/** On the dedicated vendor host the staff routes do not exist (a host name matches with or without a port). */
export function isVendorHost(): boolean {
  const host = publicConfig().vendorHost;
  return !!host && hostMatches(host, window.location.host);
}
