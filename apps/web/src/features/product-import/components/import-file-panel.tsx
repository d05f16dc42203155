import { IMPORT_DELIMITERS, IMPORT_ENCODINGS } from '@market/contracts/plain';
import { toast } from 'sonner';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { DELIMITER_KEYS, formatBytes, num } from '../import-format';
import { useUpdateImport, type ImportChange, type ImportDetail } from '../product-import-api';

/**
 * The file and how it is read: encoding and delimiter of a CSV, sheet of a workbook. A change is saved at once and
 * the server reads the headers and sample again (the mapping being edited is then dropped: the columns may differ).
 */
export function ImportFilePanel({ detail: d, disabled, onReread }: { detail: ImportDetail; disabled: boolean; onReread: () => void }) {
  const { t, language } = useI18n();
  const update = useUpdateImport(d.id);
  const change = (c: ImportChange) =>
    update.mutate(
      { ...c, expectedUpdatedAt: d.updatedAt },
      {
        onSuccess: () => onReread(),
        onError: (e) => toast.error(t('productImport.file.failed'), { description: errorMessage(t, e) }),
      },
    );
  const off = disabled || update.isPending;
  return (
    <section aria-labelledby="import-file-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="import-file-title" className="text-base font-semibold">
        {t('productImport.file.title')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted-foreground">{t('productImport.file.format')}</dt>
        <dd>{t(`productImport.format.${d.format}`)}</dd>
        <dt className="text-muted-foreground">{t('productImport.file.size')}</dt>
        <dd>{formatBytes(d.fileSize, language, t)}</dd>
        <dt className="text-muted-foreground">{t('productImport.file.columns')}</dt>
        <dd className="tabular-nums">{num(d.headers.length, language)}</dd>
      </dl>
      <div className="grid gap-3 sm:grid-cols-3">
        {d.format === 'csv' && (
          <>
            <FormField label={t('productImport.file.encoding')} error={fieldError(update.error, 'encoding')}>
              {(p) => (
                <select
                  {...p}
                  className={fieldClass}
                  dir="ltr"
                  value={d.encoding ?? ''}
                  disabled={off}
                  onChange={(e) => change({ encoding: e.target.value as ImportChange['encoding'] })}
                >
                  {!d.encoding && <option value="">—</option>}
                  {IMPORT_ENCODINGS.map((enc) => (
                    <option key={enc} value={enc}>
                      {enc.toUpperCase()}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label={t('productImport.file.delimiter')} error={fieldError(update.error, 'delimiter')}>
              {(p) => (
                <select
                  {...p}
                  className={fieldClass}
                  value={d.delimiter ?? ''}
                  disabled={off}
                  onChange={(e) => change({ delimiter: e.target.value as ImportChange['delimiter'] })}
                >
                  {!d.delimiter && <option value="">—</option>}
                  {IMPORT_DELIMITERS.map((del) => (
                    <option key={del} value={del}>
                      {t(DELIMITER_KEYS[del]!)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        )}
        {d.format === 'xlsx' && d.sheets.length > 0 && (
          <FormField label={t('productImport.file.sheet')} error={fieldError(update.error, 'sheet')}>
            {(p) => (
              <select
                {...p}
                className={fieldClass}
                dir="auto"
                value={d.sheet ?? ''}
                disabled={off}
                onChange={(e) => change({ sheet: e.target.value })}
              >
                {!d.sheet && <option value="">—</option>}
                {d.sheets.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
      </div>
      {update.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('productImport.file.rereading')}
        </p>
      )}
    </section>
  );
}
