import { useI18n } from '../../../app/i18n/i18n-provider';
import { fieldName, num, valueText } from '../import-format';
import type { ImportRow } from '../product-import-api';
import type { ImportAttribute } from '../use-import-attributes';

/** A row's changes field by field: the value before and the value the row sets. */
export function ImportRowDiff({ row, attributes, id }: { row: ImportRow; attributes: readonly ImportAttribute[]; id: string }) {
  const { t, language } = useI18n();
  return (
    <table id={id} className="w-full text-sm" aria-label={t('productImport.rows.diffOf', { row: num(row.rowNo, language) })}>
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="px-2 py-1 text-start font-medium">
            {t('productImport.rows.field')}
          </th>
          <th scope="col" className="px-2 py-1 text-start font-medium">
            {t('productImport.rows.before')}
          </th>
          <th scope="col" className="px-2 py-1 text-start font-medium">
            {t('productImport.rows.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {row.changes.map((c) => (
          <tr key={c.field} className="border-t align-top" data-testid={`import-change-${c.field}`}>
            <th scope="row" className="px-2 py-1 text-start font-normal">
              {fieldName(c.field, attributes, language, t)}
            </th>
            <td className="px-2 py-1 text-muted-foreground line-through decoration-rose-400/70" dir="auto">
              {valueText(c.before)}
            </td>
            <td className="px-2 py-1 font-medium" dir="auto">
              {valueText(c.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Why a row failed or was skipped: each field with its reason. */
export function ImportRowErrors({ row, attributes }: { row: ImportRow; attributes: readonly ImportAttribute[] }) {
  const { t, language } = useI18n();
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {row.errors.map((e, i) => (
        <li key={i}>
          {e.field && <span className="font-medium">{fieldName(e.field, attributes, language, t)}: </span>}
          <span className={row.outcome === 'error' ? 'text-destructive' : 'text-muted-foreground'}>{e.message}</span>
        </li>
      ))}
    </ul>
  );
}
