/**
 * Whether a request's host (`Host` header or `window.location.host`, possibly with a port) is the configured
 * one. `vendors.localhost` matches `vendors.localhost:3000` (the setting names a host); a setting with a
 * port (`vendors.localhost:3000`) matches that port only. Case and a trailing dot do not matter.
 */
export function hostMatches(configured: string, actual: string): boolean {
  const want = splitHost(configured);
  const got = splitHost(actual);
  if (!want.name || want.name !== got.name) return false;
  return want.port === null || want.port === got.port;
}

function splitHost(host: string): { name: string; port: string | null } {
  const h = host.trim().toLowerCase();
  // [::1]:3000 and [::1]
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(h);
  if (v6) return { name: v6[1]!, port: v6[2] ?? null };
  const m = /^([^:]*)(?::(\d+))?$/.exec(h);
  if (!m) return { name: '', port: null };
  return { name: m[1]!.replace(/\.$/, ''), port: m[2] ?? null };
}
