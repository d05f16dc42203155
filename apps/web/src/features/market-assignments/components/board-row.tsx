import { memo } from 'react';
import { isHolding, type BoardColumn, type BoardRow } from '../board-model';
import type { CellLabels } from '../board-labels';
import { AssignedCell, cellBase, ClosedCell, FreeCell } from './board-cell';

export const ROW_HEIGHT = 52;

/**
 * One slot across the days. Memoised on its row object, which the board index keeps while the slot's
 * bookings do not change, so a drop re-renders the one or two rows it touched; scrolling the days aside
 * re-renders the mounted rows, whose filled cells are memoised too.
 */
export const BoardRowView = memo(function BoardRowView({
  row,
  index,
  start,
  columns,
  filled,
  dateLabels,
  labels,
  template,
  sizeLabel,
}: {
  row: BoardRow;
  index: number;
  start: number;
  columns: BoardColumn[];
  /** Per day, whether its cell shows its contents (the days in view and beside them) or stays empty. */
  filled: readonly boolean[];
  dateLabels: string[];
  labels: CellLabels;
  template: string;
  sizeLabel: string;
}) {
  const { slot, cells, absences } = row;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="absolute start-0 top-0 grid w-full"
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT, gridTemplateColumns: template }}
    >
      <div
        role="rowheader"
        className="sticky start-0 z-10 flex min-w-0 flex-col justify-center border-s-4 border-e border-b bg-card px-2 text-xs"
        style={{ borderInlineStartColor: slot.categoryColour ?? 'transparent' }}
      >
        <span className="truncate font-semibold">{slot.code}</span>
        <span className="truncate text-muted-foreground">{[slot.zone, sizeLabel].filter(Boolean).join(' · ')}</span>
      </div>
      {columns.map((column, i) => {
        if (!filled[i]) return <div key={column.id} role="cell" className={cellBase} />;
        const cell = cells[i];
        const common = { column, slot, row: index, labels, dateLabel: dateLabels[i]! };
        if (isHolding(cell)) return <AssignedCell key={column.id} cell={cell} {...common} />;
        if (column.open && slot.status === 'open') return <FreeCell key={column.id} absence={absences[i]} {...common} />;
        return (
          <ClosedCell
            key={column.id}
            cell={cell}
            absence={absences[i]}
            labels={labels}
            label={slot.status === 'blocked' ? labels.blocked : labels.closed}
          />
        );
      })}
    </div>
  );
});
