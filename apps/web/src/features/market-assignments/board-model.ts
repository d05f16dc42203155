import { ASSIGNMENT_HOLDING_STATUSES, type AssignmentStatus, type MarketDayStatus } from '@market/contracts/plain';
import { useMemo, useRef } from 'react';
import type { Board, BoardAbsence, BoardCell, BoardRequest, BoardSlot } from './market-assignments-api';

/** One day of the board, as the grid needs it: changes only when the days themselves do, not their counts. */
export interface BoardColumn {
  id: string;
  date: string;
  status: MarketDayStatus;
  /** Bookings can be placed and moved (not on a cancelled or completed day). */
  open: boolean;
}

/**
 * A slot's row: the slot and, per column, its holding booking that day (undefined: free) and the absence or
 * no-show that left it free (shown while nobody holds it).
 */
export interface BoardRow {
  slot: BoardSlot;
  cells: readonly (BoardCell | undefined)[];
  absences: readonly (BoardAbsence | undefined)[];
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

const sameItems = <T>(a: readonly T[] | undefined, b: readonly T[]) => {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * Indexes a board answer for the grid. Rows whose slot and cells did not change keep their previous
 * objects (the query keeps unchanged cells identical), so after a drop or a refetch only the rows that
 * changed render again. Bookings and absences are placed by slot and day position in one pass each (no
 * key per slot and day: 300 slots x 12 days would be 7,200 strings built and looked up on every answer).
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
    const position = new Map(columns.map((c, i) => [c.id, i]));
    const none: undefined[] = columns.map(() => undefined);

    // Per slot, its holding booking of each day; then the latest absence of a slot and day (the answer lists
    // it first) where nobody holds the slot, not even a drop in flight.
    const held = new Map<string, (BoardCell | undefined)[]>();
    for (const cell of board.cells) {
      const i = position.get(cell.dayId);
      if (i === undefined || !isHolding(cell)) continue;
      let line = held.get(cell.slotId);
      if (!line) held.set(cell.slotId, (line = [...none]));
      line[i] = cell;
    }
    const absent = new Map<string, (BoardAbsence | undefined)[]>();
    for (const x of board.absences) {
      const i = position.get(x.dayId);
      if (i === undefined || held.get(x.slotId)?.[i]) continue;
      let line = absent.get(x.slotId);
      if (!line) absent.set(x.slotId, (line = [...none]));
      line[i] ??= x;
    }

    const slots = [...board.slots].sort(bySlot);
    const rowsBefore = previous.current.rows;
    const rowsNow = new Map<string, BoardRow>();
    const free: number[][] = columns.map(() => []);
    const rows = slots.map((slot, index) => {
      const cells = held.get(slot.id) ?? none;
      const absences = absent.get(slot.id) ?? none;
      if (slot.status === 'open') for (let i = 0; i < columns.length; i++) if (columns[i]!.open && !cells[i]) free[i]!.push(index);
      const before = rowsBefore.get(slot.id);
      const same = before && before.slot === slot && sameItems(before.cells, cells) && sameItems(before.absences, absences);
      const row = same ? before : { slot, cells, absences };
      rowsNow.set(slot.id, row);
      return row;
    });
    previous.current = { columns, rows: rowsNow };
    const freeRowsByDay = new Map(columns.map((c, i) => [c.id, free[i]!]));

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
