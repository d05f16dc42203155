import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { AssignmentAbsenceStatus, AssignmentInvoiceState } from '@market/contracts/plain';
import {
  BadgeMinus,
  CalendarCheck,
  CalendarX,
  CircleCheck,
  CircleDollarSign,
  FileMinus,
  Lock,
  TriangleAlert,
  UserCheck,
  UserX,
} from 'lucide-react';
import { memo, useMemo, type ComponentType } from 'react';
import { cn } from '../../../lib/cn';
import { cellId, type BoardColumn, type DragItem, type DropTarget } from '../board-model';
import type { CellLabels } from '../board-labels';
import { optimisticCells, type BoardAbsence, type BoardCell, type BoardSlot } from '../market-assignments-api';
import { CellMenu } from './cell-menu';

// Cells are the board's bulk (300 slots x 12 days): plain elements, one drag or drop hook at most, and the
// inner parts memoised so a drag that re-renders the hook leaves the face and the menu alone.

export const cellBase = 'flex h-full min-w-0 items-stretch border-b border-e text-xs';

const INVOICE: Record<AssignmentInvoiceState, { icon: ComponentType<{ className?: string }>; className: string }> = {
  none: { icon: FileMinus, className: 'text-muted-foreground' },
  unpaid: { icon: CircleDollarSign, className: 'text-amber-700 dark:text-amber-300' },
  paid: { icon: CircleCheck, className: 'text-emerald-700 dark:text-emerald-300' },
  overdue: { icon: TriangleAlert, className: 'font-semibold text-red-700 dark:text-red-300' },
  waived: { icon: BadgeMinus, className: 'text-sky-700 dark:text-sky-300' },
};

/** Vendor, status, lock and invoice state: icon and words, never colour alone. */
const CellFace = memo(function CellFace({ cell, labels }: { cell: BoardCell; labels: CellLabels }) {
  const invoice = INVOICE[cell.invoiceState];
  const Icon = invoice.icon;
  return (
    <span className="flex min-w-0 flex-1 flex-col justify-center gap-0.5 px-1.5 text-start">
      <span className="flex min-w-0 items-center gap-1">
        {cell.status === 'checked_in' && <UserCheck className="size-3 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden />}
        <span className="truncate font-medium">{cell.vendorName}</span>
        {cell.locked && <Lock className="size-3 shrink-0" aria-label={labels.locked} />}
      </span>
      {cell.status === 'checked_in' ? (
        <span className="truncate text-[11px] text-muted-foreground">{labels.status[cell.status]}</span>
      ) : (
        <span className={cn('flex min-w-0 items-center gap-1 text-[11px]', invoice.className)}>
          <Icon className="size-3 shrink-0" aria-hidden />
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

const ABSENCE_ICON: Record<AssignmentAbsenceStatus, ComponentType<{ className?: string }>> = {
  absent_approved: CalendarCheck,
  absent_unapproved: CalendarX,
  no_show: UserX,
};

/** Who was booked and why they are not there, muted: on an open day the slot itself reads as free. */
function AbsenceFace({ absence, labels, free }: { absence: BoardAbsence; labels: CellLabels; free?: boolean }) {
  const Icon = ABSENCE_ICON[absence.status];
  return (
    <span className="flex min-w-0 flex-1 flex-col justify-center gap-0.5 text-muted-foreground" data-absence={absence.status}>
      <span className="flex min-w-0 items-center gap-1">
        <Icon className="size-3 shrink-0" aria-hidden />
        <span className="truncate">{absence.vendorName}</span>
      </span>
      <span className="truncate text-[11px]">
        {labels.absence(absence.status)}
        {free && ` · ${labels.free}`}
      </span>
    </span>
  );
}

/**
 * A free slot of an open day: a drop target. Only the dragged card's own day takes drops (the collision
 * detection filters by day), so the cell needs no drag state of its own apart from "over".
 */
export const FreeCell = memo(function FreeCell({
  column,
  slot,
  row,
  labels,
  dateLabel,
  absence,
}: CellProps & { absence: BoardAbsence | undefined }) {
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
      className={cn(cellBase, 'items-center px-1.5 data-[over]:bg-primary/15 data-[over]:outline-2 data-[over]:outline-primary')}
    >
      {absence ? <AbsenceFace absence={absence} labels={labels} free /> : <span className="text-muted-foreground/70">{labels.free}</span>}
    </div>
  );
});

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
