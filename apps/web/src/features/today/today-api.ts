import { useQuery } from '@tanstack/react-query';
import { todayRoutes } from '@market/contracts/plain';
import { api } from '../../lib/api';

/** Today's market days and applications waiting; refetched by the header's Refresh like every active query. */
export const useToday = () =>
  useQuery({
    queryKey: ['today'] as const,
    queryFn: ({ signal }) => api(todayRoutes.getToday, { signal }),
  });
