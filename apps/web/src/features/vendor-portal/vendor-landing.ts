/**
 * Where a signed-in user starts: vendor accounts (the vendor dashboard permission without the staff
 * dashboard) go to their own dashboard; everyone else to the staff dashboard.
 */
export function landingPath(permissions: readonly string[]): '/vendor-dashboard' | '/dashboard' {
  return permissions.includes('vendor_dashboard') && !permissions.includes('dashboard') ? '/vendor-dashboard' : '/dashboard';
}
