import type { PermissionKey } from '@market/contracts';
import {
  Boxes,
  CalendarDays,
  ClipboardList,
  CreditCard,
  FileUp,
  FolderTree,
  GitBranch,
  History,
  Image,
  LayoutDashboard,
  LayoutGrid,
  MapPin,
  Monitor,
  Package,
  Plug,
  Presentation,
  Settings,
  ShoppingCart,
  Store,
  Tags,
  Timer,
  Users,
  Workflow,
  type LucideIcon,
  BarChart3,
  Send,
} from 'lucide-react';

export interface NavItem {
  key: string;
  route: string;
  permission: PermissionKey | null;
  superAdminOnly?: boolean;
  icon: LucideIcon;
}
export interface NavGroup {
  key: string;
  items: NavItem[];
}

/** The sidebar table of the specification, in its order; labels are translation keys. */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'nav.group.main',
    items: [
      { key: 'nav.dashboard', route: '/dashboard', permission: null, icon: LayoutDashboard },
      { key: 'nav.products', route: '/products', permission: 'products', icon: Package },
      { key: 'nav.productVariants', route: '/product-variants', permission: 'products', icon: Boxes },
      { key: 'nav.assets', route: '/assets', permission: 'assets', icon: Image },
      { key: 'nav.import', route: '/product-import', permission: 'import', icon: FileUp },
    ],
  },
  { key: 'nav.group.vendor', items: [{ key: 'nav.vendorPortal', route: '/vendor-portal', permission: 'vendor_dashboard', icon: Store }] },
  {
    key: 'nav.group.orders',
    items: [
      { key: 'nav.orderManagement', route: '/orders', permission: 'vendor_management', icon: ShoppingCart },
      { key: 'nav.orderHistory', route: '/orders/history', permission: 'vendor_management', icon: History },
    ],
  },
  {
    key: 'nav.group.market',
    items: [
      { key: 'nav.vendorApplications', route: '/market-vendor-management', permission: 'vendor_management', icon: ClipboardList },
      { key: 'nav.categories', route: '/market-categories', permission: 'vendor_management', icon: Tags },
      { key: 'nav.slots', route: '/market-slots', permission: 'vendor_management', icon: LayoutGrid },
      { key: 'nav.marketDays', route: '/market-events', permission: 'vendor_management', icon: CalendarDays },
      { key: 'nav.locations', route: '/market-locations', permission: 'vendor_management', superAdminOnly: true, icon: MapPin },
    ],
  },
  {
    key: 'nav.group.workshops',
    items: [{ key: 'nav.workshopApplications', route: '/workshop-applications', permission: 'vendor_management', icon: Presentation }],
  },
  {
    key: 'nav.group.pos',
    items: [
      { key: 'nav.posRegister', route: '/pos/register', permission: 'vendor_management', icon: CreditCard },
      { key: 'nav.posManagement', route: '/pos/management', permission: 'vendor_management', icon: Monitor },
      { key: 'nav.sessions', route: '/pos/sessions', permission: 'vendor_management', icon: Timer },
      { key: 'nav.reports', route: '/pos/reports', permission: 'vendor_management', icon: BarChart3 },
    ],
  },
  {
    key: 'nav.group.workflowSystem',
    items: [
      { key: 'nav.tasks', route: '/tasks', permission: 'tasks', icon: ClipboardList },
      { key: 'nav.workflows', route: '/workflows', permission: 'workflows', icon: Workflow },
      { key: 'nav.flowBuilder', route: '/workflow-builder', permission: 'workflowBuilder', icon: GitBranch },
      { key: 'nav.users', route: '/users', permission: 'users', icon: Users },
      { key: 'nav.masterData', route: '/master-data', permission: 'master_data', icon: FolderTree },
      { key: 'nav.integrations', route: '/integrations', permission: 'integrations', icon: Plug },
      { key: 'nav.catalogPublishing', route: '/catalog-publishing', permission: 'catalog_publishing', icon: Send },
      { key: 'nav.settings', route: '/settings', permission: 'settings', icon: Settings },
    ],
  },
];

export interface Viewer {
  permissions: readonly string[];
  effectiveRole: string | null;
  /** Signed in, but no organization has added the account: no page or action applies yet. */
  noOrganization?: boolean;
}

export function canSee(item: Pick<NavItem, 'permission' | 'superAdminOnly'>, viewer: Viewer): boolean {
  if (item.permission && !viewer.permissions.includes(item.permission)) return false;
  if (item.superAdminOnly && viewer.effectiveRole !== 'super_admin') return false;
  return true;
}

/** Items the viewer may use; a group with no visible item is dropped. */
export function visibleGroups(viewer: Viewer): NavGroup[] {
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => canSee(i, viewer)) })).filter((g) => g.items.length > 0);
}
