import { dashboardRoutes } from '@market/contracts/plain';
import { api } from '../../lib/api';

/** The dashboard's figures; also prefetched at start-up when the dashboard is the first page. */
export const dashboardQuery = () => ({
  queryKey: ['dashboard'] as const,
  queryFn: () => api(dashboardRoutes.getDashboard),
});
