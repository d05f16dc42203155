import type { Cell, Table } from '@tanstack/react-table';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Render = <C>(template: string | ((context: C) => ReactNode) | undefined, context: C) => ReactNode;

export interface CardsProps<T> {
  table: Table<T>;
  render: Render;
  rowProps?: (row: T) => HTMLAttributes<HTMLElement>;
  /** The select-all control (selection on), shown above the cards. */
  selectAll?: ReactNode;
  label?: string;
  caption?: ReactNode;
  testId?: string;
}

/** The attributes and classes of a column's cell on a card (its table-only classes, e.g. `hidden lg:table-cell`, stay off). */
function cellAttributes<T>(cell: Cell<T, unknown>, row: T) {
  const meta = cell.column.columnDef.meta;
  const props = typeof meta?.cellProps === 'function' ? meta.cellProps(row) : meta?.cellProps;
  return { ...(props as HTMLAttributes<HTMLElement> | undefined), className: cn(meta?.cellClassName, props?.className) };
}

/**
 * The rows of a DataTable as cards, for a phone: each card leads with the `card: 'title'` columns (after the row's
 * checkbox), has the `card: 'actions'` columns at its end, and lists the `card: 'field'` columns as label and value.
 * Other columns stay in the table only.
 */
export function DataTableCards<T>({ table, render, rowProps, selectAll, label, caption, testId }: CardsProps<T>) {
  const headers = new Map(table.getFlatHeaders().map((h) => [h.column.id, h]));
  const fieldLabel = (id: string): ReactNode => {
    const header = headers.get(id);
    const meta = header?.column.columnDef.meta;
    if (meta?.cardLabel !== undefined) return meta.cardLabel;
    return header ? render(header.column.columnDef.header, header.getContext()) : null;
  };
  const captionId = useId();
  const named = caption !== undefined && caption !== null;
  return (
    <div className="flex flex-col gap-2">
      {named && (
        <p id={captionId} className="sr-only">
          {caption}
        </p>
      )}
      {selectAll}
      <ul className="flex flex-col gap-2" aria-label={label} aria-labelledby={!label && named ? captionId : undefined} data-testid={testId}>
        {table.getRowModel().rows.map((row) => {
          const extra = rowProps?.(row.original);
          const cells = row.getVisibleCells();
          const part = (kind: 'title' | 'field' | 'actions' | 'select') =>
            cells.filter((c) => (c.column.id === 'select' ? 'select' : c.column.columnDef.meta?.card) === kind);
          const fields = part('field');
          return (
            <li key={row.id} {...extra} className={cn('flex flex-col gap-2 rounded-md border bg-card p-3 text-sm', extra?.className)}>
              <div className="flex items-start gap-3">
                {part('select').map((c) => (
                  <div key={c.id} className="flex min-h-6 items-center">
                    {render(c.column.columnDef.cell, c.getContext())}
                  </div>
                ))}
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 break-words font-medium">
                  {part('title').map((c) => (
                    <div key={c.id} {...cellAttributes(c, row.original)}>
                      {render(c.column.columnDef.cell, c.getContext())}
                    </div>
                  ))}
                </div>
                {part('actions').map((c) => (
                  <div key={c.id} className="-my-1 flex shrink-0 items-center gap-1">
                    {render(c.column.columnDef.cell, c.getContext())}
                  </div>
                ))}
              </div>
              {fields.length > 0 && (
                <dl className="flex flex-col gap-1">
                  {fields.map((c) => {
                    const attributes = cellAttributes(c, row.original);
                    return (
                      <div key={c.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                        <dt className="text-xs text-muted-foreground">{fieldLabel(c.column.id)}</dt>
                        <dd {...attributes} className={cn('min-w-0 max-w-full break-words', attributes.className)}>
                          {render(c.column.columnDef.cell, c.getContext())}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
