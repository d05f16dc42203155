import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../app/i18n/i18n-provider';

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Codes, numbers and symbols read left to right in both languages. */
  ltr?: boolean;
  /** On a phone's cards: the first column is the title and the others are fields unless this says otherwise. */
  card?: 'title' | 'field' | false;
}

interface Props<R extends { id: string; code: string }> {
  rows: R[];
  columns: Column<R>[];
  onEdit: (row: R) => void;
  onDelete: (row: R) => void;
  testId: string;
}

/** A list of master data rows with edit and delete actions. */
export function CatalogTable<R extends { id: string; code: string }>({ rows, columns, onEdit, onDelete, testId }: Props<R>) {
  const t = useT();
  const all: ColumnDef<R>[] = [
    ...columns.map((c, i) =>
      column<R>({
        id: c.header,
        header: c.header,
        card: c.card === false ? undefined : (c.card ?? (i === 0 ? 'title' : 'field')),
        cellClassName: 'align-top',
        cellProps: c.ltr ? { dir: 'ltr' } : undefined,
        cell: c.cell,
      }),
    ),
    column<R>({
      id: 'actions',
      header: <span className="sr-only">{t('catalog.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end whitespace-nowrap',
      cell: (row) => (
        <>
          <Button variant="ghost" size="icon" aria-label={t('catalog.editNamed', { code: row.code })} onClick={() => onEdit(row)}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label={t('catalog.deleteNamed', { code: row.code })} onClick={() => onDelete(row)}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </>
      ),
    }),
  ];
  return (
    <DataTable
      columns={all}
      data={rows}
      tableClassName="min-w-[40rem]"
      testId={testId}
      rowProps={(row) => ({ 'data-testid': `${testId}-row-${row.code}` })}
    />
  );
}

export const Badge = ({ children }: { children: ReactNode }) => (
  <span className="rounded bg-muted px-2 py-0.5 text-xs font-medium">{children}</span>
);
