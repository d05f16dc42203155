import { ASSIGNMENT_HOLDING_STATUSES, type AssignmentStatus, type MarketDayStatus } from '@market/contracts/plain';
import { useMemo, useRef } from 'react';
import type { Board, BoardCell, BoardRequest, BoardSlot } from './market-assignments-api';

/** One day of the board, as the grid needs it: changes only when the days themselves do, not their counts. */
export interface BoardColumn {
  id: string;
  date: string;
  status: MarketDayStatus;
  /** Bookings can be placed and moved (not on a cancelled or completed day). */
  open: boolean;
}

/** A slot's row: the slot and, per column, its booking that day (undefined: free). */
export interface BoardRow {
  slot: BoardSlot;
  cells: readonly (BoardCell | undefined)[];
}

export interface BoardIndex {
  columns: BoardColumn[];
  rows: BoardRow[];
  requestsByDay: Map<string, BoardRequest[]>;
  /** Per day, the row indexes of the slots a vendor can be placed on (open slot, nobody holding it). */
  freeRowsByDay: Map<string, number[]>;
}

const HOLDING: readonly AssignmentStatus[] = ASSIGNMENT_HOLDING_STATUSES;
export const isHolding = (cell: BoardCell | undefined): cell is BoardCell => !!cell && HOLDING.includes(cell.status);

/** The id of a droppable cell; the board's drops are keyed by day and slot. */
export const cellId = (dayId: string, slotId: string) => `${dayId}:${slotId}`;

// One collator for every comparison: localeCompare with options builds one per call (about 10 ms for 300 slots).
const natural = new Intl.Collator('en', { numeric: true });
const bySlot = (a: BoardSlot, b: BoardSlot) => natural.compare(a.zone, b.zone) || natural.compare(a.code, b.code);

const sameItems = <T>(a: readonly T[] | undefined, b: readonly T[]) => !!a && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Indexes a board answer for the grid. Rows whose slot and cells did not change keep their previous
 * objects (the query keeps unchanged cells identical), so after a drop or a refetch only the rows that
 * changed render again.
 */
export function useBoardIndex(board: Board | undefined): BoardIndex | null {
  const previous = useRef<{ columns: BoardColumn[]; rows: Map<string, BoardRow> }>({ columns: [], rows: new Map() });
  return useMemo(() => {
    if (!board) return null;
    const days = [...board.days].sort((a, b) => a.date.localeCompare(b.date));
    const nextColumns = days.map((d) => ({
      id: d.id,
      date: d.date,
      status: d.status,
      open: d.status === 'draft' || d.status === 'published',
    }));
    const columns = sameColumns(previous.current.columns, nextColumns) ? previous.current.columns : nextColumns;

    const held = new Map<string, BoardCell>();
    for (const cell of board.cells) {
      const key = cellId(cell.dayId, cell.slotId);
      // A released booking (absence, no-show) shows only while nobody holds the slot that day.
      if (isHolding(cell) || !held.has(key)) held.set(key, cell);
    }

    const slots = [...board.slots].sort(bySlot);
    const rowsBefore = previous.current.rows;
    const rowsNow = new Map<string, BoardRow>();
    const freeRowsByDay = new Map<string, number[]>(columns.map((c) => [c.id, []]));
    const rows = slots.map((slot, index) => {
      const cells = columns.map((c) => held.get(cellId(c.id, slot.id)));
      columns.forEach((c, i) => {
        if (c.open && slot.status === 'open' && !isHolding(cells[i])) freeRowsByDay.get(c.id)!.push(index);
      });
      const before = rowsBefore.get(slot.id);
      const row = before && before.slot === slot && sameItems(before.cells, cells) ? before : { slot, cells };
      rowsNow.set(slot.id, row);
      return row;
    });
    previous.current = { columns, rows: rowsNow };

    const requestsByDay = new Map<string, BoardRequest[]>();
    for (const q of board.requests) {
      const list = requestsByDay.get(q.dayId) ?? [];
      list.push(q);
      requestsByDay.set(q.dayId, list);
    }
    for (const list of requestsByDay.values()) list.sort((a, b) => b.priority - a.priority || a.vendorName.localeCompare(b.vendorName));
    return { columns, rows, requestsByDay, freeRowsByDay };
  }, [board]);
}

function sameColumns(a: BoardColumn[], b: BoardColumn[]) {
  return a.length === b.length && a.every((c, i) => c.id === b[i]!.id && c.date === b[i]!.date && c.status === b[i]!.status);
}

/** What a drag carries: a request from the tray or a booking from the grid, both bound to one day. */
export type DragItem =
  | { kind: 'request'; dayId: string; vendorName: string; request: BoardRequest; row: null }
  | { kind: 'assignment'; dayId: string; vendorName: string; cell: BoardCell; row: number };

/** What a free cell carries as a drop target. */
export interface DropTarget {
  dayId: string;
  date: string;
  slotId: string;
  slotCode: string;
  row: number;
}
