/**
 * One data table for every list: TanStack Table (headless) underneath, our markup and Tailwind look on
 * top, ListState's loading, error-with-retry and empty states in front. How to convert a hand-built
 * `<table>` (done in market-categories/categories-table.tsx and languages/languages-table.tsx):
 *
 * ```tsx
 * const columns: ColumnDef<Slot>[] = [
 *   column({ id: 'code', header: t('slots.col.code'), cellProps: { dir: 'ltr' }, cell: (s) => <button …>{s.code}</button> }),
 *   column({ id: 'fee', header: t('slots.col.feePerDay'), align: 'end', cellClassName: 'tabular-nums', cell: (s) => money(s) }),
 *   column({ id: 'actions', header: <span className="sr-only">{t('slots.col.actions')}</span>, cellClassName: 'text-end', cell: (s) => <Menu>…</Menu> }),
 * ];
 * return <DataTable columns={columns} query={slotsQuery} errorLabel={t('slots.loadFailed')} empty={t('slots.empty')}
 *   tableClassName="min-w-[52rem]" rowProps={(s) => ({ 'data-testid': `slot-${s.code}` })} />;
 * ```
 *
 * - One `column()` per former `<th>`/`<td>` pair; `cell(row, index)` returns what the `<td>` held.
 *   The `<td>` already has `px-3 py-2`, the `<th>` `px-3 py-2 text-start font-medium`; put only the
 *   extra classes in `className` (th and td), `cellClassName` (td) and per-row attributes such as
 *   `dir`/`lang`/`title` in `cellProps`. Plain TanStack `ColumnDef`s (accessors, `meta`) work too.
 *   Headers and cells are called as plain functions, not mounted as components: no hooks in them
 *   (so columns may be declared inline in the component without remounting every cell).
 * - Rows get `border-t`; `rowProps(row)` adds test ids, `data-*` and classes (`align-top`). Keep every
 *   `data-testid` the e2e specs use (`grep -rn testid apps/web/e2e`).
 * - States: pass `query={useThings()}` and drop the page's `<ListState>`; the table then shows the
 *   skeleton, the error with retry (`errorLabel`) and, with no rows, `empty`. Rows from elsewhere:
 *   `data={…}` (wins over `query.data`, e.g. `data={q.data?.items}` for a page of results).
 * - Name the table with `label` (its `aria-label`) or `caption` (an `sr-only` `<caption>`, which screen readers
 *   also announce on entering the table) instead of a wrapping `role="group"`. A column whose cell names
 *   its row (a field, a code) takes `rowHeader: true`: its cells are `<th scope="row">` that look like the
 *   other cells (start-aligned, normal weight unless the column's classes give one).
 * - Checkbox selection: `selection={{ selected, onChange, label: (row) => …, allLabel }}` with a `Set` of row ids.
 * - Row ids are `row.id`; pass `getRowId` when rows have none.
 * - Phones (below 768 px): give columns `card: 'title' | 'field' | 'actions'` and the rows become cards (title
 *   first, actions at the end, fields as label and value, the checkbox kept); the other columns are left off.
 *   `rowProps` go on each card. A table without `card` columns stays a table and scrolls in its own box.
 */
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type Table,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { cn } from '../../lib/cn';
import { ListState } from '../ui/list-state';
import { DataTableCards } from './data-table-cards';
import { usePhone } from './use-phone';

declare module '@tanstack/react-table' {
  // TData and TValue are TanStack's own parameters; this declaration merges with theirs.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes on both the `<th>` and the `<td>`s of the column (`hidden lg:table-cell`, `whitespace-nowrap`). */
    className?: string;
    /** Classes on the `<td>`s only (`font-mono text-xs`, `tabular-nums`). */
    cellClassName?: string;
    /** Attributes of each `<td>` (`dir`, `lang`, `title`), fixed or per row. */
    cellProps?: TdHTMLAttributes<HTMLTableCellElement> | ((row: TData) => TdHTMLAttributes<HTMLTableCellElement>);
    /** Numbers read against the end edge: header and cells align to the end. */
    align?: 'end';
    /** The cells name their row: rendered as `<th scope="row">` with the look of a `<td>`. */
    rowHeader?: boolean;
    /**
     * How the column shows on a phone, where a table with any `card` column renders its rows as cards: the card's
     * `title`, a labelled `field`, or its `actions` (at the card's end). Columns without it are left off the cards.
     */
    card?: 'title' | 'field' | 'actions';
    /** A field's label on the cards when the header is not the words to show (an `sr-only` header, an icon). */
    cardLabel?: ReactNode;
  }
}

/** What the table reads from a TanStack Query result (`useQuery(...)` fits as it is). */
export interface TableQuery<T> {
  data?: readonly T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };

export interface DataTableProps<T> {
  // A column list mixes value types; TanStack's documented type for it is ColumnDef<T, any>[].
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** The rows; when absent, `query.data`. */
  data?: readonly T[] | undefined;
  /** Loading, error (with retry) and rows from a query. */
  query?: TableQuery<T>;
  /** Said when the query fails; `common.error` by default. */
  errorLabel?: string;
  /** Shown instead of the table when there are no rows; without it an empty table shows nothing. */
  empty?: ReactNode;
  getRowId?: (row: T, index: number) => string;
  rowProps?: (row: T) => RowProps;
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (selected: Set<string>) => void;
    label: (row: T) => string;
    allLabel: string;
  };
  /** On the scrolling wrapper, e.g. `hidden md:block` when cards replace the table on a phone. */
  className?: string;
  /** On the `<table>`, e.g. `min-w-[44rem]`. */
  tableClassName?: string;
  /** The table's accessible name (`aria-label`), when no visible heading names it. */
  label?: string;
  /** An `sr-only` `<caption>`: names the table and is read out when entering it. */
  caption?: ReactNode;
  testId?: string;
}

/** A column whose cell renders the row itself: the short form of a TanStack display column. */
export function column<T>({
  id,
  header,
  cell,
  ...meta
}: {
  id: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
} & NonNullable<ColumnDef<T>['meta']>): ColumnDef<T> {
  return { id, header: () => header, cell: ({ row }) => cell(row.original, row.index), meta };
}

/**
 * Calls a header or cell template as a plain function. TanStack's flexRender mounts it as a component,
 * and columns declared inline are new functions each render: every cell would remount (an open row
 * menu closes, focus is lost) whenever the table's parent renders again.
 */
function render<C>(template: string | ((context: C) => ReactNode) | undefined, context: C): ReactNode {
  return typeof template === 'function' ? template(context) : template;
}

/** Whether the classes already set a font weight or a text alignment (no conflicting utilities: `cn` does not merge). */
const setsWeight = (classes: string) => /(^|[\s:])font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/.test(classes);
const setsAlign = (classes: string) => /(^|[\s:])text-(start|end|left|right|center|justify)\b/.test(classes);

const NO_ROWS: never[] = [];
const defaultRowId = (row: unknown, index: number) => {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
};

type CheckboxProps = { checked: boolean; indeterminate?: boolean; label: string; onChange: (on: boolean) => void };
function Checkbox({ checked, indeterminate, label, onChange }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      className="size-4"
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = !!indeterminate;
      }}
      onChange={(e) => onChange(e.target.checked)}
      aria-label={label}
    />
  );
}

/** The select-all checkbox above the cards, labelled in words (the table's is in its header row). */
function SelectAll<T>({ table, label }: { table: Table<T>; label: string }) {
  return (
    <label className="flex min-h-9 items-center gap-2 self-start px-3 text-sm">
      <Checkbox
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={(on) => table.toggleAllPageRowsSelected(on)}
        label={label}
      />
      <span aria-hidden>{label}</span>
    </label>
  );
}

export function DataTable<T>({
  columns,
  data,
  query,
  errorLabel,
  empty,
  getRowId = defaultRowId,
  rowProps,
  selection,
  className,
  tableClassName,
  label,
  caption,
  testId,
}: DataTableProps<T>) {
  const t = useT();
  const rows = (data ?? query?.data ?? NO_ROWS) as T[];
  const selected = selection?.selected;
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries([...(selected ?? [])].map((id) => [id, true])), [selected]);
  const allColumns = useMemo(() => {
    if (!selection) return columns;
    const select: ColumnDef<T> = {
      id: 'select',
      meta: { className: 'w-10' },
      header: ({ table }) => (
        <Checkbox
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          onChange={(on) => table.toggleAllPageRowsSelected(on)}
          label={selection.allLabel}
        />
      ),
      cell: ({ row }) => (
        <Checkbox checked={row.getIsSelected()} onChange={(on) => row.toggleSelected(on)} label={selection.label(row.original)} />
      ),
    };
    return [select, ...columns];
  }, [columns, selection]);

  const table = useReactTable({
    data: rows,
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    enableRowSelection: !!selection,
    state: { rowSelection },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection?.onChange(new Set(Object.keys(next).filter((id) => next[id])));
    },
  });

  const phone = usePhone();
  const cards = phone && columns.some((c) => c.meta?.card);
  const loading = !!query && query.isPending && !data;
  const error = query?.error ?? null;
  const noRows = !loading && !error && rows.length === 0;
  return (
    <>
      {(loading || error || (noRows && empty !== undefined)) && (
        <ListState
          loading={loading}
          error={error}
          empty={noRows}
          loadingLabel={t('common.loading')}
          errorLabel={errorLabel ?? t('common.error')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void query?.refetch()}
          emptyContent={empty}
        />
      )}
      {!loading && rows.length > 0 && cards && (
        <DataTableCards
          table={table}
          render={render}
          rowProps={rowProps as ((row: T) => HTMLAttributes<HTMLElement>) | undefined}
          selectAll={selection && <SelectAll table={table} label={selection.allLabel} />}
          label={label}
          caption={caption}
          testId={testId}
        />
      )}
      {!loading && rows.length > 0 && !cards && (
        <div className={cn('relative overflow-x-auto rounded-md border', className)}>
          <table className={cn('w-full text-sm', tableClassName)} aria-label={label} data-testid={testId}>
            {caption !== undefined && caption !== null && <caption className="sr-only">{caption}</caption>}
            <thead className="bg-muted/60 text-muted-foreground">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((h) => {
                    const meta = h.column.columnDef.meta;
                    return (
                      <th
                        key={h.id}
                        scope="col"
                        className={cn('px-3 py-2 font-medium', meta?.align === 'end' ? 'text-end' : 'text-start', meta?.className)}
                      >
                        {h.isPlaceholder ? null : render(h.column.columnDef.header, h.getContext())}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => {
                const extra = rowProps?.(row.original);
                return (
                  <tr key={row.id} {...extra} className={cn('border-t', extra?.className)}>
                    {row.getVisibleCells().map((c) => {
                      const meta = c.column.columnDef.meta;
                      const props = typeof meta?.cellProps === 'function' ? meta.cellProps(row.original) : meta?.cellProps;
                      const classes = cn(
                        'px-3 py-2',
                        meta?.align === 'end' && 'text-end',
                        meta?.className,
                        meta?.cellClassName,
                        props?.className,
                      );
                      const content = render(c.column.columnDef.cell, c.getContext());
                      // A <th> is bold and centred by default; give it a <td>'s look unless the column sets its own.
                      return meta?.rowHeader ? (
                        <th
                          key={c.id}
                          {...props}
                          scope="row"
                          className={cn(classes, !setsAlign(classes) && 'text-start', !setsWeight(classes) && 'font-normal')}
                        >
                          {content}
                        </th>
                      ) : (
                        <td key={c.id} {...props} className={classes}>
                          {content}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
