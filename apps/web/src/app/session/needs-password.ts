/**
 * An account whose address was proven just now has no password yet (decision 008) and chooses one on /auth before
 * it goes on; the server says so with `has_password: false` (not GoTrue's field). An account linked to the operator's
 * provider signs in there and needs no password of ours (decision 027).
 */
export function needsPassword(user: { app_metadata?: { providers?: unknown } }): boolean {
  if ((user as { has_password?: boolean }).has_password !== false) return false;
  const providers = user.app_metadata?.providers;
  return !(Array.isArray(providers) && providers.some((p) => p !== 'email' && p !== 'phone'));
}
