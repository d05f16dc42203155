import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { dashboardCatalogueQuery, dashboardOperationsQuery, dashboardQuery } from '../features/dashboard/dashboard-query';
import { meQuery, useMe } from './session/use-me';
import { landingPath } from '../features/vendor-portal/vendor-landing';
import { isVendorHost } from '../lib/config';
import { auth } from '../lib/supabase';
import AuthPage from '../features/auth/auth-page';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { PublicLayout } from '../routes/public-layout';
import { RequireAuth, RequireI18n, RequirePermission } from './guards';
import { PUBLIC_PAGES, STAFF_ROUTES, type PageLoader, type StaffRoute } from './route-table';

const loadShell: PageLoader = () => import('../components/layout/app-shell');
const EmailTestPage = lazy(() => import('../features/email/email-test-page'));
const NotAvailablePage = lazy(() => import('../routes/not-available-page'));
const NotFoundPage = lazy(() => import('../routes/not-found-page'));
// Loaded beside the page, never in the entry: most staff never see it.
const MfaPolicyBanner = lazy(() => import('../features/settings').then((m) => ({ default: m.MfaPolicyBanner })));

// Modules already loaded (by preloadCurrentRoute) render at once: a lazy component suspends on its first
// render even then, and React keeps a fallback it has shown on screen for at least 300 ms.
const loaded = new Map<PageLoader, ComponentType>();
function loadAndKeep(load: PageLoader): Promise<void> {
  return load().then((m) => void loaded.set(load, m.default));
}

// One lazy component per page module, created once.
const lazyPages = new Map<PageLoader, ReturnType<typeof lazy>>();
function lazyPage(load: PageLoader): ComponentType {
  let Page = lazyPages.get(load);
  if (!Page) lazyPages.set(load, (Page = lazy(load)));
  return Page;
}

/**
 * The module's component when it has loaded, else the lazy one; chosen once per module, so a page never
 * remounts by switching between the two, and another route's module is another component (React replaces
 * the page when the route changes).
 */
const chosenPages = new Map<PageLoader, ComponentType>();
function RoutePage({ load }: { load: PageLoader }) {
  let Page = chosenPages.get(load);
  if (!Page) chosenPages.set(load, (Page = loaded.get(load) ?? lazyPage(load)));
  return <Page />;
}

function pageElement(load: PageLoader | undefined, titleKey: string): ReactNode {
  if (!load) return <NotAvailablePage titleKey={titleKey} />;
  return <RoutePage load={load} />;
}

function staffElement(r: StaffRoute): ReactNode {
  const page = pageElement(r.load, r.titleKey);
  // Above every staff page, also one the policy keeps them from: it says why and how to get the rest back.
  return (
    <>
      <Suspense fallback={null}>
        <MfaPolicyBanner signedIn />
      </Suspense>
      <RequirePermission permission={r.permission} superAdminOnly={r.superAdminOnly}>
        {page}
      </RequirePermission>
    </>
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
            <RoutePage load={loadShell} />
          </RequireAuth>
        </RequireI18n>
      ),
      children: STAFF_ROUTES.map((r) => ({ path: r.path, element: staffElement(r) })),
    },
    notFound,
  ];
}

/**
 * Starts loading the shell and the page of the current URL at once, instead of one after the other.
 * Resolves when both modules are in (or failed: the lazy page then shows the error); null when the URL
 * is not a staff page.
 */
export function preloadCurrentRoute(pathname: string, qc: QueryClient): Promise<void> | null {
  if (pathname.startsWith('/auth') || isVendorHost()) return null;
  const path = pathname === '/' ? '/dashboard' : pathname;
  const route = STAFF_ROUTES.find((r) => matchPath(r.path, path));
  if (!route) return null;
  const modules = Promise.all([loadAndKeep(loadShell), route.load && loadAndKeep(route.load)]).then(
    () => undefined,
    () => undefined,
  );
  // With a stored session, ask for the caller's permissions (and the dashboard's figures) right away: the
  // queries take the answers index.html asked for.
  void auth()
    .getSession()
    .then(({ data }) => {
      if (!data.session) return;
      void qc.prefetchQuery(meQuery(data.session.user.id));
      if (path === '/dashboard') {
        void qc.prefetchQuery(dashboardQuery());
        void qc.prefetchQuery(dashboardCatalogueQuery());
        void qc.prefetchQuery(dashboardOperationsQuery());
      }
    });
  return modules;
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(isVendorHost()));
}
