import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../app/i18n/i18n-provider';

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Codes, numbers and symbols read left to right in both languages. */
  ltr?: boolean;
}

interface Props<R extends { id: string; code: string }> {
  rows: R[];
  columns: Column<R>[];
  onEdit: (row: R) => void;
  onDelete: (row: R) => void;
  testId: string;
  /** Extra content under a row (e.g. the rates of a tax class). */
  below?: (row: R) => ReactNode;
}

/** A list of master data rows with edit and delete actions. */
export function CatalogTable<R extends { id: string; code: string }>({ rows, columns, onEdit, onDelete, testId, below }: Props<R>) {
  const t = useT();
  const th = 'px-3 py-2 text-start font-medium';
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full min-w-[40rem] text-sm" data-testid={testId}>
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th key={c.header} className={th}>
                {c.header}
              </th>
            ))}
            <th className={th}>
              <span className="sr-only">{t('catalog.actions')}</span>
            </th>
          </tr>
        </thead>
        {rows.map((row) => (
          <tbody key={row.id} className="border-t" data-testid={`${testId}-row-${row.code}`}>
            <tr>
              {columns.map((c) => (
                <td key={c.header} className="px-3 py-2 align-top" dir={c.ltr ? 'ltr' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
              <td className="px-3 py-2 text-end whitespace-nowrap">
                <Button variant="ghost" size="icon" aria-label={t('catalog.editNamed', { code: row.code })} onClick={() => onEdit(row)}>
                  <Pencil className="size-4" aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={t('catalog.deleteNamed', { code: row.code })} onClick={() => onDelete(row)}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </td>
            </tr>
            {below && (
              <tr>
                <td colSpan={columns.length + 1} className="px-3 pb-3">
                  {below(row)}
                </td>
              </tr>
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}

export const Badge = ({ children }: { children: ReactNode }) => (
  <span className="rounded bg-muted px-2 py-0.5 text-xs font-medium">{children}</span>
);
