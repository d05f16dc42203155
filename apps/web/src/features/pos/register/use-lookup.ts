import { posRoutes } from '@market/contracts/plain';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import type { Sellable } from './cart';
import { isRefusal } from './sale-queue';
import { searchSnapshot } from './snapshot-store';
import { isOnline } from './use-online';

export interface LookupAnswer {
  items: Sellable[];
  /** Answered from the snapshot kept for offline selling. */
  offline: boolean;
}

/**
 * The register's lookup: the server's while online (exact barcode or SKU first, then names), the snapshot's when
 * offline or when the request finds no server; a refusal of the server (a 4xx) is passed on.
 */
export function useLookup(registerId: string, items: readonly Sellable[] | undefined) {
  return useCallback(
    async (term: string, signal?: AbortSignal): Promise<LookupAnswer> => {
      const q = term.trim().slice(0, 100);
      const local = () => ({ items: searchSnapshot(items ?? [], q), offline: true });
      if (!q) return { items: [], offline: false };
      if (!isOnline()) return local();
      try {
        return { items: await api(posRoutes.lookupSellables, { params: { id: registerId }, query: { q }, signal }), offline: false };
      } catch (error) {
        if (signal?.aborted || isRefusal(error)) throw error;
        return local();
      }
    },
    [registerId, items],
  );
}
