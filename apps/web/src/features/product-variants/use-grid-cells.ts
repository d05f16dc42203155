import { useCallback, useMemo, useState } from 'react';
import { EDIT_FIELDS, type EditField } from './variant-format';

export type Cell = { row: number; col: number };
export const COLS = EDIT_FIELDS.length;
export const cellKey = (id: string, field: EditField) => `${id}:${field}`;

/**
 * The spreadsheet state of the grid: the active cell, a selection (the rectangle from the anchor to the
 * active cell plus cells added with Ctrl/Cmd+click), the cell being edited, unsaved edits and errors by cell.
 */
export function useGridCells(rowIds: string[]) {
  const [active, setActive] = useState<Cell | null>(null);
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const [extra, setExtra] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<{ cell: Cell; text: string } | null>(null);
  const [edits, setEdits] = useState<ReadonlyMap<string, string>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());

  const rows = rowIds.length;
  const clamp = useCallback(
    (c: Cell): Cell => ({ row: Math.max(0, Math.min(rows - 1, c.row)), col: Math.max(0, Math.min(COLS - 1, c.col)) }),
    [rows],
  );

  const selected = useMemo(() => {
    const out = new Set<string>(extra);
    if (active && anchor) {
      const [r0, r1] = [Math.min(active.row, anchor.row), Math.max(active.row, anchor.row)];
      const [c0, c1] = [Math.min(active.col, anchor.col), Math.max(active.col, anchor.col)];
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (rowIds[r]) out.add(cellKey(rowIds[r]!, EDIT_FIELDS[c]!));
    }
    return out;
  }, [active, anchor, extra, rowIds]);

  /** Moves the active cell; with extend the anchor stays (Shift), otherwise the selection collapses to it. */
  const moveTo = useCallback(
    (to: Cell, extend = false) => {
      if (!rows) return;
      const c = clamp(to);
      setActive(c);
      if (!extend) {
        setAnchor(c);
        setExtra(new Set());
      }
    },
    [clamp, rows],
  );
  const moveBy = useCallback(
    (dr: number, dc: number, extend = false) => moveTo({ row: (active?.row ?? 0) + dr, col: (active?.col ?? 0) + dc }, extend),
    [active, moveTo],
  );

  /** Tab order: across the row, then on to the next row. */
  const tabBy = useCallback(
    (dir: 1 | -1): boolean => {
      const at = active ?? { row: 0, col: 0 };
      const flat = at.row * COLS + at.col + dir;
      if (flat < 0 || flat >= rows * COLS) return false;
      moveTo({ row: Math.floor(flat / COLS), col: flat % COLS });
      return true;
    },
    [active, moveTo, rows],
  );

  /** Ctrl/Cmd+click: adds or removes one cell, keeping what was selected. */
  const toggleCell = useCallback(
    (c: Cell) => {
      const key = cellKey(rowIds[c.row]!, EDIT_FIELDS[c.col]!);
      setExtra(() => {
        const next = new Set(selected);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      });
      setActive(c);
      setAnchor(null);
    },
    [rowIds, selected],
  );

  const setEdit = useCallback((keys: string[], text: string) => {
    setEdits((prev) => {
      const next = new Map(prev);
      for (const k of keys) next.set(k, text);
      return next;
    });
    setErrors((prev) => {
      if (!keys.some((k) => prev.has(k))) return prev;
      const next = new Map(prev);
      for (const k of keys) next.delete(k);
      return next;
    });
  }, []);
  const dropEdits = useCallback((keys?: string[]) => {
    if (!keys) {
      setEdits(new Map());
      setErrors(new Map());
      return;
    }
    setEdits((prev) => {
      const next = new Map(prev);
      for (const k of keys) next.delete(k);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    setActive(null);
    setAnchor(null);
    setExtra(new Set());
    setEditing(null);
  }, []);

  return { active, selected, editing, setEditing, edits, errors, setErrors, moveTo, moveBy, tabBy, toggleCell, setEdit, dropEdits, reset };
}
export type GridCells = ReturnType<typeof useGridCells>;
