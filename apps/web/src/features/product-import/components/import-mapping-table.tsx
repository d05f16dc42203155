import { column, DataTable } from '../../../components/data-table';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { fieldError } from '../../../lib/api-errors';
import type { ImportColumn, ImportDetail } from '../product-import-api';
import type { ImportAttribute } from '../use-import-attributes';
import { duplicateTargets, type ImportDraft } from '../use-import-draft';
import { ImportTargetSelect } from './import-target-select';
import { ImportTransformPopover } from './import-transform-popover';

const SAMPLES = 3;

/** The first few non-empty values of a column in the file's sample rows. */
function samplesOf(detail: ImportDetail, index: number): string[] {
  return detail.sample
    .map((row) => row[index] ?? '')
    .filter((v) => v.trim() !== '')
    .slice(0, SAMPLES);
}

/**
 * One row per column of the file: its header, a few values, where it goes and how it is transformed. Two columns
 * with one target are marked at once; the server's refusals show at the column they name (`mapping.<n>.target`).
 */
export function ImportMappingTable({
  detail,
  draft,
  attributes,
  error,
  disabled,
}: {
  detail: ImportDetail;
  draft: ImportDraft;
  attributes: readonly ImportAttribute[];
  error: unknown;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const duplicates = duplicateTargets(draft.mapping);
  const problem = (i: number) =>
    duplicates.has(i) ? t('productImport.map.duplicate', { column: duplicates.get(i)! }) : fieldError(error, `mapping.${i}`);
  const columns = [
    column<ImportColumn>({
      id: 'column',
      header: t('productImport.map.col.column'),
      rowHeader: true,
      card: 'title',
      cellClassName: 'font-medium',
      cellProps: { dir: 'auto' },
      cell: (c) => c.column,
    }),
    column<ImportColumn>({
      id: 'sample',
      header: t('productImport.map.col.sample'),
      card: 'field',
      cell: (_, i) => {
        const values = samplesOf(detail, i);
        return values.length ? (
          <ul className="flex max-w-64 flex-col text-xs text-muted-foreground">
            {values.map((v, j) => (
              <li key={j} className="truncate" dir="auto" title={v}>
                {v}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-xs text-muted-foreground">{t('productImport.map.noSample')}</span>
        );
      },
    }),
    column<ImportColumn>({
      id: 'target',
      header: t('productImport.map.col.target'),
      card: 'field',
      className: 'min-w-56',
      cell: (c, i) => {
        const message = problem(i);
        return (
          <div className="flex flex-col gap-1">
            <ImportTargetSelect
              value={c.target}
              onChange={(target) => draft.setColumn(i, { target })}
              attributes={attributes}
              label={t('productImport.map.targetOf', { column: c.column })}
              error={message}
              describedBy={message ? `import-target-error-${i}` : undefined}
              disabled={disabled}
            />
            {message && (
              <span id={`import-target-error-${i}`} className="text-xs text-destructive">
                {message}
              </span>
            )}
          </div>
        );
      },
    }),
    column<ImportColumn>({
      id: 'transform',
      header: t('productImport.map.col.transform'),
      card: 'field',
      cell: (c, i) => <ImportTransformPopover column={c} onChange={(p) => draft.setColumn(i, p)} disabled={disabled} />,
    }),
  ];
  return (
    <DataTable
      columns={columns}
      data={draft.mapping}
      getRowId={(_, i) => String(i)}
      empty={t('productImport.map.noColumns')}
      caption={t('productImport.map.caption')}
      tableClassName="min-w-[48rem]"
      rowProps={(c) => ({ 'data-testid': `import-column-${c.column}`, className: 'align-top' })}
    />
  );
}
