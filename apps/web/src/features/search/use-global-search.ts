import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_Q_MAX, searchRoutes } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

/** How long typing must pause before the palette asks the server. */
export const SEARCH_DEBOUNCE_MS = 150;

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The server's grouped matches for what the user typed, asked once typing pauses. A newer term replaces
 * the query, and TanStack Query aborts the older request (its signal goes to fetch) once nothing watches it.
 */
export function useGlobalSearch(input: string) {
  const term = useDebounced(input.trim().slice(0, SEARCH_Q_MAX), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['search', term] as const,
    queryFn: ({ signal }) => api(searchRoutes.search, { query: { q: term }, signal }),
    enabled: term.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  // Still typing, or the answer shown is for an earlier term.
  const settling = input.trim().slice(0, SEARCH_Q_MAX) !== term || query.isPlaceholderData;
  return { term, query, settling };
}
