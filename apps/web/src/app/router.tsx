import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { isVendorHost } from '../lib/config';
import { PublicLayout } from '../routes/public-layout';
import { RequireAuth, RequireI18n, RequirePermission } from './guards';
import { PUBLIC_NOT_AVAILABLE, STAFF_ROUTES, type StaffRoute } from './route-table';

const AppShell = lazy(() => import('../components/layout/app-shell'));
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const EmailTestPage = lazy(() => import('../features/email-test/email-test-page'));
const NotAvailablePage = lazy(() => import('../routes/not-available-page'));
const NotFoundPage = lazy(() => import('../routes/not-found-page'));

function staffElement(r: StaffRoute): ReactNode {
  const page = r.page === 'dashboard' ? <DashboardPage /> : <NotAvailablePage titleKey={r.titleKey} />;
  return (
    <RequirePermission permission={r.permission} superAdminOnly={r.superAdminOnly}>
      {page}
    </RequirePermission>
  );
}

export function buildRoutes(vendorHost: boolean): RouteObject[] {
  const publicPages: RouteObject = {
    element: (
      <RequireI18n>
        <PublicLayout />
      </RequireI18n>
    ),
    children: [
      ...PUBLIC_NOT_AVAILABLE.map((p) => ({ path: p.path, element: <NotAvailablePage titleKey={p.titleKey} /> })),
      { path: '/email-test', element: <EmailTestPage /> },
    ],
  };
  const notFound: RouteObject = { path: '*', element: <RequireI18n><NotFoundPage /></RequireI18n> };
  // The sign-in page renders before translations arrive (it is the one route without the skeleton).
  const auth: RouteObject = { path: '/auth', element: <AuthPage /> };
  if (vendorHost) {
    return [{ path: '/', element: <Navigate to="/market-vendor-application" replace /> }, auth, publicPages, notFound];
  }
  return [
    auth,
    publicPages,
    {
      element: (
        <RequireI18n>
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        </RequireI18n>
      ),
      children: [{ path: '/', element: <Navigate to="/dashboard" replace /> }, ...STAFF_ROUTES.map((r) => ({ path: r.path, element: staffElement(r) }))],
    },
    notFound,
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(isVendorHost()));
}
