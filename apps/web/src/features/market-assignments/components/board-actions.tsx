import type { AssignmentReleaseStatus } from '@market/contracts/plain';
import type { QueryKey } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { BoardActionsContext, type BoardActions } from '../board-labels';
import { useSetAssignmentStatus, useSetLocked, type BoardCell } from '../market-assignments-api';
import { ReasonDialog } from './reason-dialog';

/**
 * The cell menus' actions for the whole board, through one context whose value never changes (the
 * mutations are reached through a ref), so opening a menu or a dialog renders no grid row again.
 */
export function BoardActionsProvider({ boardKey, children }: { boardKey: QueryKey; children: ReactNode }) {
  const t = useT();
  const [releasing, setReleasing] = useState<{ cell: BoardCell; status: AssignmentReleaseStatus } | null>(null);
  const setStatus = useSetAssignmentStatus();
  const lock = useSetLocked(boardKey);
  const latest = useRef({ setStatus, lock, t });
  latest.current = { setStatus, lock, t };

  const actions = useMemo<BoardActions>(
    () => ({
      release: (cell, status) => {
        latest.current.setStatus.reset();
        setReleasing({ cell, status });
      },
      setLocked: (cell, locked) => {
        const { lock: mutation, t: tr } = latest.current;
        mutation.mutate(
          { cell, locked },
          {
            onSuccess: () =>
              toast.success(
                tr(locked ? 'marketAssignments.toast.locked' : 'marketAssignments.toast.unlocked', { vendor: cell.vendorName }),
              ),
            onError: (e) => toast.error(errorMessage(tr, e)),
          },
        );
      },
    }),
    [],
  );

  const confirm = (reason: string) => {
    if (!releasing) return;
    const { cell, status } = releasing;
    setStatus.mutate(
      { assignmentId: cell.assignmentId, status, reason },
      {
        onSuccess: () => {
          setReleasing(null);
          toast.success(t(`marketAssignments.toast.${status}`, { vendor: cell.vendorName }));
        },
      },
    );
  };

  return (
    <BoardActionsContext.Provider value={actions}>
      {children}
      <ReasonDialog
        open={!!releasing}
        onOpenChange={(open) => !open && setReleasing(null)}
        title={releasing ? t(`marketAssignments.release.${releasing.status}.title`, { vendor: releasing.cell.vendorName }) : ''}
        description={t('marketAssignments.release.description')}
        confirmLabel={releasing ? t(`marketAssignments.release.${releasing.status}.confirm`) : ''}
        pending={setStatus.isPending}
        error={setStatus.error}
        onConfirm={confirm}
      />
    </BoardActionsContext.Provider>
  );
}
