import type { ImportState } from '@market/contracts/plain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ACTIVE_STATES, importKeys } from './product-import-api';

/**
 * Follows one import live: each realtime change of its row reads it again (the detail's own two-second polling while
 * a worker runs is the fallback when the socket is down). When a dry run or run ends, its rows and the history are
 * read again too. The progress itself always comes from the server, so a reload shows where the job stands.
 */
export function useImportLive(id: string, state: ImportState | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    const refetch = () => void qc.invalidateQueries({ queryKey: importKeys.one(id) });
    void import('../../lib/realtime').then(({ realtime }) => {
      if (cancelled) return;
      const channel = realtime()
        .channel(`product-import-${id}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'product_imports', filter: `id=eq.${id}` }, refetch)
        .subscribe();
      stop = () => void realtime().removeChannel(channel);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [qc, id]);

  const last = useRef(state);
  useEffect(() => {
    const was = last.current;
    last.current = state;
    if (!was || !state || was === state) return;
    if (ACTIVE_STATES.includes(was) && !ACTIVE_STATES.includes(state)) {
      void qc.invalidateQueries({ queryKey: importKeys.rowsOf(id) });
      void qc.invalidateQueries({ queryKey: importKeys.lists });
    }
  }, [qc, id, state]);
}
