import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { AssignmentAbsenceStatus, AssignmentInvoiceState } from '@market/contracts/plain';
import { memo, useContext, useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { HeldDayContext } from '../board-dnd';
import { cellId, type BoardColumn, type DragItem, type DropTarget } from '../board-model';
import type { CellLabels } from '../board-labels';
import { optimisticCells, type BoardAbsence, type BoardCell, type BoardSlot } from '../market-assignments-api';
import { BoardIcon, type BoardIconName } from './board-icons';
import { CellMenu } from './cell-menu';

// Cells are the board's bulk (300 slots x 12 days): plain elements, one drag or drop hook at most, and the
// inner parts memoised so a drag that re-renders the hook leaves the face and the menu alone.

export const cellBase = 'flex h-full min-w-0 items-stretch border-b border-e text-xs';

const INVOICE: Record<AssignmentInvoiceState, { icon: BoardIconName; className: string }> = {
  none: { icon: 'file-minus', className: 'text-muted-foreground' },
  unpaid: { icon: 'circle-dollar-sign', className: 'text-amber-700 dark:text-amber-300' },
  paid: { icon: 'circle-check', className: 'text-emerald-700 dark:text-emerald-300' },
  overdue: { icon: 'triangle-alert', className: 'font-semibold text-red-700 dark:text-red-300' },
  waived: { icon: 'badge-minus', className: 'text-sky-700 dark:text-sky-300' },
};
const invoiceLine = Object.fromEntries(
  Object.entries(INVOICE).map(([state, { className }]) => [state, cn('flex min-w-0 items-center gap-1 text-[11px]', className)]),
) as Record<AssignmentInvoiceState, string>;

/** Vendor, status, lock and invoice state: icon and words, never colour alone. */
const CellFace = memo(function CellFace({ cell, labels }: { cell: BoardCell; labels: CellLabels }) {
  const invoice = INVOICE[cell.invoiceState];
  return (
    <span className="flex min-w-0 flex-1 flex-col justify-center gap-0.5 px-1.5 text-start">
      <span className="flex min-w-0 items-center gap-1">
        {cell.status === 'checked_in' && <BoardIcon name="user-check" className="size-3 shrink-0 text-emerald-700 dark:text-emerald-300" />}
        <span className="truncate font-medium">{cell.vendorName}</span>
        {cell.locked && <BoardIcon name="lock" className="size-3 shrink-0" label={labels.locked} />}
      </span>
      {cell.status === 'checked_in' ? (
        <span className="truncate text-[11px] text-muted-foreground">{labels.status[cell.status]}</span>
      ) : (
        <span className={invoiceLine[cell.invoiceState]}>
          <BoardIcon name={invoice.icon} className="size-3 shrink-0" />
          <span className="truncate">{labels.invoice[cell.invoiceState]}</span>
        </span>
      )}
    </span>
  );
});

interface CellProps {
  column: BoardColumn;
  slot: BoardSlot;
  row: number;
  labels: CellLabels;
  dateLabel: string;
}

/** A booking: its face is the drag handle (to move it within its day), beside its actions menu. */
export const AssignedCell = memo(function AssignedCell({ cell, column, slot, row, labels, dateLabel }: CellProps & { cell: BoardCell }) {
  const pending = optimisticCells.has(cell);
  const data = useMemo<DragItem>(
    () => ({ kind: 'assignment', dayId: column.id, vendorName: cell.vendorName, cell, row }),
    [column.id, cell, row],
  );
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `assignment:${cell.assignmentId}`,
    data,
    disabled: pending || !column.open,
    attributes: { roleDescription: labels.roleDescription },
  });
  return (
    <div
      role="cell"
      ref={setNodeRef}
      className={cn(cellBase, 'border-s-4', isDragging && 'opacity-40', pending && 'animate-pulse')}
      style={{ borderInlineStartColor: cell.categoryColour, backgroundColor: `${cell.categoryColour}14` }}
      data-testid={`cell-${column.id}-${slot.id}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={pending ? labels.placing : labels.cell(cell, slot.code, dateLabel)}
        className="flex min-w-0 flex-1 touch-none rounded-sm outline-none focus-visible:outline-2 focus-visible:outline-ring"
      >
        <CellFace cell={cell} labels={labels} />
      </button>
      {!pending && (
        <span className="flex items-start p-0.5">
          <CellMenu cell={cell} labels={labels} />
        </span>
      )}
    </div>
  );
});

const ABSENCE_ICON: Record<AssignmentAbsenceStatus, BoardIconName> = {
  absent_approved: 'calendar-check',
  absent_unapproved: 'calendar-x',
  no_show: 'user-x',
};

/** Who was booked and why they are not there, muted: on an open day the slot itself reads as free. */
function AbsenceFace({ absence, labels, free }: { absence: BoardAbsence; labels: CellLabels; free?: boolean }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col justify-center gap-0.5 text-muted-foreground" data-absence={absence.status}>
      <span className="flex min-w-0 items-center gap-1">
        <BoardIcon name={ABSENCE_ICON[absence.status]} className="size-3 shrink-0" />
        <span className="truncate">{absence.vendorName}</span>
      </span>
      <span className="truncate text-[11px]">
        {labels.absence(absence.status)}
        {free && ` · ${labels.free}`}
      </span>
    </span>
  );
}

type FreeCellProps = CellProps & { absence: BoardAbsence | undefined };

/**
 * A free slot of an open day. Only the held card's own day takes drops, so only that day's free cells are
 * drop targets, and only while the card is held: the other free cells are plain elements without a hook,
 * which dnd-kit neither re-renders on every move of a card nor measures when one is picked up.
 */
export const FreeCell = memo(function FreeCell(props: FreeCellProps) {
  return useContext(HeldDayContext) === props.column.id ? <DropCell {...props} /> : <FreeCellView {...props} />;
});

const freeClass = cn(cellBase, 'items-center px-1.5');

const FreeCellView = memo(function FreeCellView({ column, slot, labels, dateLabel, absence }: FreeCellProps) {
  return (
    <div
      role="cell"
      aria-label={labels.freeCell(slot.code, dateLabel, absence)}
      data-day={column.id}
      data-free=""
      data-testid={`cell-${column.id}-${slot.id}`}
      className={freeClass}
    >
      <FreeFace absence={absence} labels={labels} />
    </div>
  );
});

/** A free cell of the held card's day: a drop target, lit while the card is held and more while it is over it. */
function DropCell({ column, slot, row, labels, dateLabel, absence }: FreeCellProps) {
  const data = useMemo<DropTarget>(
    () => ({ dayId: column.id, date: column.date, slotId: slot.id, slotCode: slot.code, row }),
    [column.id, column.date, slot.id, slot.code, row],
  );
  const { setNodeRef, isOver } = useDroppable({ id: cellId(column.id, slot.id), data });
  return (
    <div
      role="cell"
      ref={setNodeRef}
      aria-label={labels.freeCell(slot.code, dateLabel, absence)}
      data-day={column.id}
      data-free=""
      data-over={isOver || undefined}
      data-testid={`cell-${column.id}-${slot.id}`}
      className={cn(freeClass, 'bg-primary/7 data-[over]:bg-primary/15 data-[over]:outline-2 data-[over]:outline-primary')}
    >
      <FreeFace absence={absence} labels={labels} />
    </div>
  );
}

function FreeFace({ absence, labels }: { absence: BoardAbsence | undefined; labels: CellLabels }) {
  return absence ? <AbsenceFace absence={absence} labels={labels} free /> : <span className="text-muted-foreground/70">{labels.free}</span>;
}

/** A slot that takes no booking: blocked, or the day is cancelled or completed. */
export const ClosedCell = memo(function ClosedCell({
  label,
  cell,
  absence,
  labels,
}: {
  label: string;
  cell: BoardCell | undefined;
  absence: BoardAbsence | undefined;
  labels: CellLabels;
}) {
  return (
    <div
      role="cell"
      className={cn(
        cellBase,
        'items-center bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--color-muted)_6px_8px)] px-1.5 text-muted-foreground',
      )}
    >
      {!cell && absence ? (
        <AbsenceFace absence={absence} labels={labels} />
      ) : (
        <span className="truncate">{cell ? cell.vendorName : label}</span>
      )}
    </div>
  );
});
