import { ASSIGNMENT_RELEASE_STATUSES, type AssignmentReleaseStatus } from '@market/contracts/plain';
import { Lock, LockOpen, Receipt } from 'lucide-react';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../../components/ui/menu';
import { useT } from '../../../app/i18n/i18n-provider';
import { isHolding } from '../board-model';
import { useBoardActions, type CellLabels } from '../board-labels';
import type { BoardCell } from '../market-assignments-api';
import { BoardIcon } from './board-icons';

/** A checked-in vendor can still be cancelled; the absences and no-show are for a booking not yet used. */
const releasesFor = (cell: BoardCell): readonly AssignmentReleaseStatus[] =>
  cell.status === 'confirmed' ? ASSIGNMENT_RELEASE_STATUSES : cell.status === 'checked_in' ? ['cancelled'] : [];

const triggerClass =
  'flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * The actions of one booking. Radix's menu mounts on the button's first use, and its items only while it is
 * open: a menu root per booked cell was most of the components of a 300 x 12 board's first render (P14).
 */
export const CellMenu = memo(function CellMenu({ cell, labels }: { cell: BoardCell; labels: CellLabels }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const arm = () => {
    setArmed(true);
    setOpen(true);
  };
  const label = labels.actionsFor(cell.vendorName);
  if (!armed)
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        className={triggerClass}
        onPointerDown={(e) => {
          if (e.button !== 0 || e.ctrlKey) return;
          e.preventDefault();
          arm();
        }}
        onKeyDown={(e) => {
          if (!OPEN_KEYS.includes(e.key)) return;
          e.preventDefault();
          arm();
        }}
      >
        <BoardIcon name="ellipsis" className="size-3.5" />
      </button>
    );
  return (
    <Menu open={open} onOpenChange={setOpen}>
      <MenuTrigger asChild>
        <button type="button" aria-label={label} className={triggerClass}>
          <BoardIcon name="ellipsis" className="size-3.5" />
        </button>
      </MenuTrigger>
      {open && <CellMenuItems cell={cell} />}
    </Menu>
  );
});

function CellMenuItems({ cell }: { cell: BoardCell }) {
  const t = useT();
  const actions = useBoardActions();
  const releases = releasesFor(cell);
  return (
    <MenuContent aria-label={t('marketAssignments.cell.actionsFor', { vendor: cell.vendorName })}>
      <MenuItem asChild>
        <Link to={`/payment-management/${cell.assignmentId}`}>
          <Receipt className="size-4" aria-hidden />
          {t('marketAssignments.menu.payments')}
        </Link>
      </MenuItem>
      {isHolding(cell) && (
        <>
          <MenuSeparator />
          {releases.map((status) => (
            <MenuItem key={status} onSelect={() => actions.release(cell, status)}>
              {t(`marketAssignments.menu.${status}`)}
            </MenuItem>
          ))}
          <MenuSeparator />
          <MenuItem onSelect={() => actions.setLocked(cell, !cell.locked)}>
            {cell.locked ? <LockOpen className="size-4" aria-hidden /> : <Lock className="size-4" aria-hidden />}
            {cell.locked ? t('marketAssignments.menu.unlock') : t('marketAssignments.menu.lock')}
          </MenuItem>
        </>
      )}
    </MenuContent>
  );
}
