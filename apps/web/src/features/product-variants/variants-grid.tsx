import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { useI18n } from '../../app/i18n/i18n-provider';
import { GridLoaderRow } from './grid-loader-row';
import { cellKey, type Cell, type GridCells } from './use-grid-cells';
import { axisLabel, cellText, displayCell, EDIT_FIELDS, FIELD_LABEL_KEY, localName, type Currency } from './variant-format';
import type { VariantGridRow } from './variants-api';

export const ROW_HEIGHT = 40;
const TEMPLATE = 'minmax(12rem,2fr) minmax(8rem,1fr) minmax(10rem,1.2fr) 9.5rem 8.5rem 6.5rem 6.5rem';
const cellClass = 'flex min-w-0 items-center px-2 text-sm';
const cellId = (row: number, col: number) => `variant-cell-${row}-${col}`;

interface Props {
  rows: VariantGridRow[];
  cells: GridCells;
  currency: Currency;
  hasNextPage: boolean;
  fetchingNext: boolean;
  fetchNext: () => void;
}

/**
 * The spreadsheet of variants: rows virtualised, the next keyset page fetched near the end. Focus stays
 * on the grid (aria-activedescendant names the active cell); arrows/Tab move, Shift extends the selection,
 * Enter or typing edits, Escape cancels. In RTL the columns run right to left, so ArrowLeft moves forward.
 */
export function VariantsGrid({ rows, cells, currency, hasNextPage, fetchingNext, fetchNext }: Props) {
  const { t, language, direction } = useI18n();
  const gridRef = useRef<HTMLDivElement>(null);
  // Escape moves focus back to the grid while the input is still mounted; its blur must not commit.
  const cancelling = useRef(false);
  const count = rows.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => gridRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (last && last.index >= rows.length - 20 && hasNextPage && !fetchingNext) fetchNext();
  }, [last, rows.length, hasNextPage, fetchingNext, fetchNext]);

  const { active, selected, editing, setEditing, edits, errors, moveTo, moveBy, tabBy, toggleCell, setEdit } = cells;
  useEffect(() => {
    if (active) virtualizer.scrollToIndex(active.row, { align: 'auto' });
  }, [active, virtualizer]);

  const digits = currency?.minorDigits ?? 2;
  const textOf = (c: Cell) => {
    const row = rows[c.row]!;
    const field = EDIT_FIELDS[c.col]!;
    return edits.get(cellKey(row.id, field)) ?? cellText(row, field, digits);
  };
  const focusGrid = () => gridRef.current?.focus({ preventScroll: true });
  const startEdit = (c: Cell, text?: string) => setEditing({ cell: c, text: text ?? textOf(c) });
  const commit = (then?: () => void) => {
    if (!editing) return;
    const row = rows[editing.cell.row];
    const field = EDIT_FIELDS[editing.cell.col]!;
    if (row && editing.text !== textOf(editing.cell)) setEdit([cellKey(row.id, field)], editing.text);
    setEditing(null);
    then?.();
    focusGrid();
  };
  const forward = direction === 'rtl' ? -1 : 1;

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const printable = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
    if (!rows.length || (editing && !printable)) return;
    const shift = e.shiftKey;
    const at = active ?? { row: 0, col: 0 };
    switch (e.key) {
      case 'ArrowDown':
        return (e.preventDefault(), active ? moveBy(1, 0, shift) : moveTo(at));
      case 'ArrowUp':
        return (e.preventDefault(), moveBy(-1, 0, shift));
      case 'ArrowRight':
        return (e.preventDefault(), moveBy(0, forward, shift));
      case 'ArrowLeft':
        return (e.preventDefault(), moveBy(0, -forward, shift));
      case 'Home':
        return (e.preventDefault(), moveTo({ row: e.ctrlKey ? 0 : at.row, col: 0 }, shift));
      case 'End':
        return (e.preventDefault(), moveTo({ row: e.ctrlKey ? rows.length - 1 : at.row, col: EDIT_FIELDS.length - 1 }, shift));
      case 'Tab':
        if (tabBy(shift ? -1 : 1)) e.preventDefault();
        return;
      case 'Enter':
      case 'F2':
        e.preventDefault();
        if (!active) return moveTo(at);
        return startEdit(active);
      case 'Escape':
        if (active) moveTo(active);
        return;
      case 'Delete':
      case 'Backspace':
        e.preventDefault();
        return setEdit([...selected], '');
      default:
        if (printable) {
          e.preventDefault();
          const c = active ?? at;
          // Fast typing reaches the grid again before the input has focus: append instead of starting over.
          setEditing((prev) => (prev ? { ...prev, text: prev.text + e.key } : { cell: c, text: e.key }));
          if (!active) moveTo(at);
        }
    }
  };

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      commit(() => moveBy(e.shiftKey ? -1 : 1, 0));
    } else if (e.key === 'Tab') {
      e.preventDefault();
      commit(() => tabBy(e.shiftKey ? -1 : 1));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancelling.current = true;
      setEditing(null);
      focusGrid();
      cancelling.current = false;
    }
  };

  const onCellMouseDown = (e: MouseEvent, c: Cell) => {
    if (editing && (editing.cell.row !== c.row || editing.cell.col !== c.col)) commit();
    if (e.shiftKey) e.preventDefault();
    // Synchronously: a deferred focus would land after fast typing has already opened the cell's input.
    // Focus first: the grid's focus handler activates the first cell when none is active yet.
    if (!editing && document.activeElement !== gridRef.current) focusGrid();
    if (e.ctrlKey || e.metaKey) toggleCell(c);
    else moveTo(c, e.shiftKey);
  };

  const activeRendered = active && items.some((v) => v.index === active.row);
  return (
    <div
      ref={gridRef}
      role="grid"
      tabIndex={0}
      aria-label={t('variants.page.gridLabel')}
      aria-rowcount={hasNextPage ? -1 : rows.length + 1}
      aria-colcount={7}
      aria-multiselectable
      aria-activedescendant={activeRendered && !editing ? cellId(active.row, active.col) : undefined}
      onKeyDown={onGridKey}
      onFocus={() => !active && rows.length && moveTo({ row: 0, col: 0 })}
      data-testid="variants-grid"
      className="h-[calc(100dvh-20rem)] min-h-80 overflow-auto rounded-lg border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="min-w-max">
        <div role="rowgroup" className="sticky top-0 z-10 border-b bg-card">
          <div role="row" aria-rowindex={1} className="grid h-10" style={{ gridTemplateColumns: TEMPLATE }}>
            {['variants.column.product', 'variants.column.axes', 'variants.column.sku', ...EDIT_FIELDS.map((f) => FIELD_LABEL_KEY[f])].map(
              (k) => (
                <div key={k} role="columnheader" className={`${cellClass} font-medium text-muted-foreground`}>
                  <span className="truncate">{t(k)}</span>
                </div>
              ),
            )}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((v) => {
            const row = rows[v.index];
            if (!row) return <GridLoaderRow key="loader" start={v.start} height={ROW_HEIGHT} label={t('variants.page.loadingMore')} />;
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={v.index + 2}
                data-testid="variant-grid-row"
                className="absolute inset-x-0 top-0 grid border-b"
                style={{ gridTemplateColumns: TEMPLATE, height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
              >
                <div role="gridcell" className={cellClass}>
                  <Link to={`/products/${row.product.id}`} className="truncate text-primary hover:underline" tabIndex={-1}>
                    <span dir="ltr" className="font-mono text-xs">
                      {row.product.sku}
                    </span>{' '}
                    <span dir="auto">{localName(language, row.product)}</span>
                  </Link>
                </div>
                <div role="gridcell" className={cellClass}>
                  <span className="truncate">{axisLabel(language, row.axes)}</span>
                </div>
                <div role="gridcell" className={`${cellClass} font-mono text-xs`}>
                  <span className="truncate" dir="ltr">
                    {row.sku}
                  </span>
                </div>
                {EDIT_FIELDS.map((field, col) => {
                  const key = cellKey(row.id, field);
                  const isActive = active?.row === v.index && active.col === col;
                  const isEditing = editing?.cell.row === v.index && editing.cell.col === col;
                  const pending = edits.get(key);
                  const error = errors.get(key);
                  return (
                    <div
                      key={field}
                      id={cellId(v.index, col)}
                      role="gridcell"
                      aria-selected={selected.has(key)}
                      aria-invalid={error ? true : undefined}
                      title={error}
                      data-field={field}
                      data-unsaved={pending !== undefined || undefined}
                      onMouseDown={(e) => onCellMouseDown(e, { row: v.index, col })}
                      onDoubleClick={() => startEdit({ row: v.index, col })}
                      className={cn(
                        cellClass,
                        'cursor-cell select-none justify-end tabular-nums',
                        selected.has(key) && 'bg-primary/10',
                        pending !== undefined && 'bg-amber-100 dark:bg-amber-900/40',
                        error && 'ring-2 ring-inset ring-destructive',
                        isActive && 'outline-2 -outline-offset-2 outline-primary',
                      )}
                    >
                      {isEditing ? (
                        <input
                          autoFocus
                          dir="ltr"
                          aria-label={t('variants.page.editing', { column: t(FIELD_LABEL_KEY[field]), sku: row.sku })}
                          className="h-8 w-full rounded border bg-background px-1 text-end text-sm"
                          value={editing.text}
                          onChange={(e) => setEditing({ cell: editing.cell, text: e.target.value })}
                          onKeyDown={onInputKey}
                          onBlur={() => !cancelling.current && commit()}
                        />
                      ) : (
                        <span className="truncate">
                          {pending !== undefined ? pending || '—' : displayCell(row, field, currency, language)}
                          {pending !== undefined && <span className="sr-only"> ({t('variants.page.unsavedCell')})</span>}
                        </span>
                      )}
                      {error && <span className="sr-only">{error}</span>}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
