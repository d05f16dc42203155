import { useLocation } from 'react-router';

/** What a product page is opened with from the list: the list's query string (search, filters, sort). */
export interface FromList {
  list: string;
}

/** The list to return to: the one the product was opened from, with its search and filters, else the plain list. */
export function useBackToList(): string {
  const state = useLocation().state as Partial<FromList> | null;
  const list = typeof state?.list === 'string' && /^\?[^#]*$/.test(state.list) ? state.list : '';
  return `/products${list}`;
}
