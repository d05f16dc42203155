import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMe } from '../../app/session/use-me';
import { PageSkeleton } from '../ui/page-skeleton';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { NoOrganization } from './no-organization';
import type { Viewer } from './nav-items';
import { SidebarProvider } from './sidebar-context';

/** The staff shell: sidebar at the start edge, sticky header, the page below. */
export default function AppShell() {
  const me = useMe();
  const noOrganization = Boolean(me.data && !me.data.organization);
  const viewer: Viewer = me.data
    ? { permissions: me.data.permissions, effectiveRole: me.data.effectiveRole, noOrganization }
    : // A role-loading failure falls back to the content set (spec section 8).
      {
        permissions: me.isError ? ['dashboard', 'products', 'assets', 'workflows', 'tasks'] : [],
        effectiveRole: me.isError ? 'content' : null,
      };
  return (
    <SidebarProvider>
      <div className="flex min-h-svh">
        <AppSidebar viewer={viewer} ready={!me.isPending} />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader viewer={viewer} />
          <main className="flex-1 p-4 md:p-6">
            {noOrganization ? (
              <NoOrganization />
            ) : (
              <Suspense fallback={<PageSkeleton />}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
