/** Permission keys, stored roles, effective roles and their static sets (spec section 6). */
export const STAFF_PERMISSIONS = [
  'dashboard',
  'products',
  'assets',
  'import',
  'workflows',
  'workflowBuilder',
  'integrations',
  'users',
  'settings',
  'tasks',
  'vendor_management',
  'master_data',
  'catalog_publishing',
] as const;
export const VENDOR_PERMISSIONS = ['vendor_dashboard', 'vendor_products', 'vendor_orders', 'vendor_profile'] as const;
export const PERMISSIONS = [...STAFF_PERMISSIONS, ...VENDOR_PERMISSIONS] as const;
export type PermissionKey = (typeof PERMISSIONS)[number];

export const STORED_ROLES = [
  'super_admin',
  'marketing',
  'product_team',
  'operation_manager',
  'vendor_manager',
  'vendor_manager_plus',
  'market_vendor',
  'junior_vendor',
  'normal_vendor',
] as const;
export type StoredRole = (typeof STORED_ROLES)[number];

export const EFFECTIVE_ROLES = [
  'super_admin',
  'admin',
  'marketing',
  'inventory',
  'content',
  'vendor_manager',
  'vendor_manager_plus',
  'market_vendor',
  'junior_vendor',
  'normal_vendor',
] as const;
export type EffectiveRole = (typeof EFFECTIVE_ROLES)[number];

const VENDOR_ROLES: readonly EffectiveRole[] = ['market_vendor', 'junior_vendor', 'normal_vendor'];

/** product_team -> inventory, operation_manager -> content, known effective roles to themselves, the rest -> content. */
export function effectiveRole(stored: string | null | undefined): EffectiveRole {
  if (stored === 'product_team') return 'inventory';
  if (stored === 'operation_manager') return 'content';
  if (stored && (EFFECTIVE_ROLES as readonly string[]).includes(stored)) return stored as EffectiveRole;
  return 'content';
}

const allStaff: PermissionKey[] = [...STAFF_PERMISSIONS];
export const STATIC_PERMISSIONS: Record<EffectiveRole, readonly PermissionKey[]> = {
  super_admin: allStaff,
  admin: allStaff.filter((p) => p !== 'users'),
  vendor_manager: ['dashboard', 'vendor_management'],
  vendor_manager_plus: ['dashboard', 'products', 'assets', 'workflows', 'tasks', 'vendor_management'],
  marketing: ['dashboard', 'products', 'assets', 'workflows', 'tasks'],
  inventory: ['dashboard', 'products', 'import', 'workflows', 'tasks'],
  content: ['dashboard', 'products', 'assets', 'workflows', 'tasks'],
  market_vendor: [...VENDOR_PERMISSIONS],
  junior_vendor: [...VENDOR_PERMISSIONS],
  normal_vendor: [...VENDOR_PERMISSIONS],
};

export const ROLE_RANK: Record<EffectiveRole, number> = {
  content: 1,
  inventory: 2,
  marketing: 3,
  vendor_manager: 3,
  vendor_manager_plus: 3,
  admin: 4,
  super_admin: 5,
  market_vendor: 0,
  junior_vendor: 0,
  normal_vendor: 0,
};

export function isVendorRole(role: EffectiveRole): boolean {
  return VENDOR_ROLES.includes(role);
}

/** Static set of the effective role united with the enabled matrix rows, in catalogue order. */
export function permissionsFor(role: EffectiveRole, dynamic: readonly string[]): PermissionKey[] {
  const held = new Set<string>([...STATIC_PERMISSIONS[role], ...dynamic]);
  return PERMISSIONS.filter((p) => held.has(p));
}

/** A role manages another only with a strictly higher rank. */
export function canManageRole(actor: EffectiveRole, target: EffectiveRole): boolean {
  return ROLE_RANK[actor] > ROLE_RANK[target];
}

/** Only super_admin reaches user management. */
export function canAccessUserManagement(role: EffectiveRole): boolean {
  return role === 'super_admin';
}
