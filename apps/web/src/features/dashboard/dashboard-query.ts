import { dashboardRoutes } from '@market/contracts/plain';
import { api } from '../../lib/api';
import { earlyOr } from '../../app/session/early-requests';

// Each figure's first read takes the answer index.html asked for when the dashboard is the first page
// (src/app/session/early-requests.ts). The figures stay fresh briefly, so the page mounting right after the
// start-up prefetch does not ask again.
const FRESH_MS = 10_000;

/** The dashboard's figures; also prefetched at start-up when the dashboard is the first page. */
export const dashboardQuery = () => ({
  queryKey: ['dashboard'] as const,
  queryFn: () => earlyOr(dashboardRoutes.getDashboard.path, undefined, () => api(dashboardRoutes.getDashboard)),
  staleTime: FRESH_MS,
});

/** Catalogue size, completeness and products per week (products holders). */
export const dashboardCatalogueQuery = () => ({
  queryKey: ['dashboard', 'catalogue'] as const,
  queryFn: () => earlyOr(dashboardRoutes.getDashboardCatalogue.path, undefined, () => api(dashboardRoutes.getDashboardCatalogue)),
  staleTime: FRESH_MS,
});

/** Vendor documents expiring and applications per week (vendor managers). */
export const dashboardOperationsQuery = () => ({
  queryKey: ['dashboard', 'operations'] as const,
  queryFn: () => earlyOr(dashboardRoutes.getDashboardOperations.path, undefined, () => api(dashboardRoutes.getDashboardOperations)),
  staleTime: FRESH_MS,
});
