import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { dashboardQuery } from '../features/dashboard/dashboard-query';
import { meQuery, useMe } from './session/use-me';
import { landingPath } from '../features/vendor-portal/vendor-landing';
import { isVendorHost } from '../lib/config';
import { auth } from '../lib/supabase';
import AuthPage from '../features/auth/auth-page';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { PublicLayout } from '../routes/public-layout';
import { RequireAuth, RequireI18n, RequirePermission } from './guards';
import { PUBLIC_PAGES, STAFF_ROUTES, type PageLoader, type StaffRoute } from './route-table';

const loadShell = () => import('../components/layout/app-shell');
const AppShell = lazy(loadShell);
const EmailTestPage = lazy(() => import('../features/email/email-test-page'));
const NotAvailablePage = lazy(() => import('../routes/not-available-page'));
const NotFoundPage = lazy(() => import('../routes/not-found-page'));

// One lazy component per page module, created once.
const lazyPages = new Map<PageLoader, ReturnType<typeof lazy>>();
function pageElement(load: PageLoader | undefined, titleKey: string): ReactNode {
  if (!load) return <NotAvailablePage titleKey={titleKey} />;
  let Page = lazyPages.get(load);
  if (!Page) lazyPages.set(load, (Page = lazy(load)));
  return <Page />;
}

function staffElement(r: StaffRoute): ReactNode {
  const page = pageElement(r.load, r.titleKey);
  return (
    <RequirePermission permission={r.permission} superAdminOnly={r.superAdminOnly}>
      {page}
    </RequirePermission>
  );
}

/** `/`: vendor accounts start on their own dashboard, staff on the staff dashboard. */
function HomeRedirect() {
  const me = useMe();
  if (me.isPending) return <PageSkeleton />;
  return <Navigate to={landingPath(me.data?.permissions ?? [])} replace />;
}

export function buildRoutes(vendorHost: boolean): RouteObject[] {
  const publicPages: RouteObject = {
    element: (
      <RequireI18n>
        <PublicLayout />
      </RequireI18n>
    ),
    children: [
      ...PUBLIC_PAGES.map((p) => ({ path: p.path, element: pageElement(p.load, p.titleKey) })),
      { path: '/email-test', element: <EmailTestPage /> },
    ],
  };
  const notFound: RouteObject = {
    path: '*',
    element: (
      <RequireI18n>
        <NotFoundPage />
      </RequireI18n>
    ),
  };
  // The sign-in page renders before translations arrive (it is the one route without the skeleton).
  const auth: RouteObject = { path: '/auth', element: <AuthPage /> };
  if (vendorHost) {
    return [{ path: '/', element: <Navigate to="/market-vendor-application" replace /> }, auth, publicPages, notFound];
  }
  // Outside the shell, so a vendor never sees the staff shell on the way to the vendor dashboard.
  const home: RouteObject = {
    path: '/',
    element: (
      <RequireI18n>
        <RequireAuth>
          <HomeRedirect />
        </RequireAuth>
      </RequireI18n>
    ),
  };
  return [
    auth,
    home,
    publicPages,
    {
      element: (
        <RequireI18n>
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        </RequireI18n>
      ),
      children: STAFF_ROUTES.map((r) => ({ path: r.path, element: staffElement(r) })),
    },
    notFound,
  ];
}

/** Starts loading the shell and the page of the current URL at once, instead of one after the other. */
export function preloadCurrentRoute(pathname: string, qc: QueryClient): void {
  if (pathname.startsWith('/auth') || isVendorHost()) return;
  const path = pathname === '/' ? '/dashboard' : pathname;
  const route = STAFF_ROUTES.find((r) => matchPath(r.path, path));
  if (!route) return;
  void loadShell();
  void route.load?.();
  // With a stored session, ask for the caller's permissions (and the dashboard's figures) right away.
  void auth()
    .getSession()
    .then(({ data }) => {
      if (!data.session) return;
      void qc.prefetchQuery(meQuery(data.session.user.id));
      if (path === '/dashboard') void qc.prefetchQuery(dashboardQuery());
    });
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(isVendorHost()));
}
