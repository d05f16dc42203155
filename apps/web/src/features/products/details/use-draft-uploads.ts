import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { discardMediaUpload, productKeys } from '../products-api';

/**
 * Files uploaded from the media section belong to the edit until it is saved: discarding the edit,
 * saving without them, or leaving the page removes them from the library again (issue 14 #5), so an
 * unsaved upload neither lingers in the library nor makes the next upload of that file "-2". The server
 * removes only the caller's own upload, and never one a product uses.
 */
export function useDraftUploads(savedMediaIds: readonly string[]) {
  const qc = useQueryClient();
  const pending = useRef(new Set<string>());
  const saved = useRef(savedMediaIds);
  saved.current = savedMediaIds;

  /** Ends the edit: removes every upload not in `keep` (the media the stored product now has). */
  const settle = useCallback(
    (keep: readonly string[]) => {
      const drop = [...pending.current].filter((id) => !keep.includes(id));
      pending.current = new Set();
      if (!drop.length) return;
      void Promise.all(drop.map(discardMediaUpload)).then(() =>
        Promise.all([
          qc.invalidateQueries({ queryKey: ['assets'] }),
          qc.invalidateQueries({ queryKey: productKeys.assets('').slice(0, 2) }),
        ]),
      );
    },
    [qc],
  );
  // Leaving the page (after "Leave" in the unsaved-changes dialog, or with the upload removed again).
  useEffect(() => () => settle(saved.current), [settle]);
  const track = useCallback((id: string) => void pending.current.add(id), []);
  return { track, settle };
}
