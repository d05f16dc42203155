import { IMPORT_ACTIONS, IMPORT_EMPTY_CELLS, IMPORT_MATCH_BY, IMPORT_MISSING } from '@market/contracts/plain';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { fieldError } from '../../../lib/api-errors';
import type { ImportOptions } from '../product-import-api';
import type { ImportAttribute } from '../use-import-attributes';

function Choice<V extends string>({
  label,
  hint,
  value,
  values,
  keyOf,
  onChange,
  error,
  disabled,
}: {
  label: string;
  hint?: string;
  value: V;
  values: readonly V[];
  keyOf: (v: V) => string;
  onChange: (v: V) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <FormField label={label} hint={hint} error={error}>
      {(p) => (
        <select {...p} className={fieldClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)}>
          {values.map((v) => (
            <option key={v} value={v}>
              {t(keyOf(v))}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** How rows find products and what the run may do: match key, action, empty cells, missing products, categories, decimals. */
export function ImportOptionsPanel({
  options: o,
  onChange,
  attributes,
  error,
  disabled,
}: {
  options: ImportOptions;
  onChange: (patch: Partial<ImportOptions>) => void;
  attributes: readonly ImportAttribute[];
  error: unknown;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const err = (f: keyof ImportOptions) => fieldError(error, `options.${f}`);
  return (
    <section aria-labelledby="import-options-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="import-options-title" className="text-base font-semibold">
        {t('productImport.options.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Choice
          label={t('productImport.options.matchBy')}
          value={o.matchBy}
          values={IMPORT_MATCH_BY}
          keyOf={(v) => `productImport.options.match.${v}`}
          onChange={(matchBy) => onChange({ matchBy, matchAttribute: matchBy === 'attribute' ? o.matchAttribute : null })}
          error={err('matchBy')}
          disabled={disabled}
        />
        {o.matchBy === 'attribute' && (
          <FormField label={t('productImport.options.matchAttribute')} error={err('matchAttribute')}>
            {(p) =>
              attributes.length ? (
                <select
                  {...p}
                  className={fieldClass}
                  value={o.matchAttribute ?? ''}
                  disabled={disabled}
                  onChange={(e) => onChange({ matchAttribute: e.target.value || null })}
                >
                  <option value="">{t('productImport.options.pickAttribute')}</option>
                  {attributes.map((a) => (
                    <option key={a.code} value={a.code}>
                      {a.code}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...p}
                  className={fieldClass}
                  dir="ltr"
                  value={o.matchAttribute ?? ''}
                  disabled={disabled}
                  onChange={(e) => onChange({ matchAttribute: e.target.value.trim() || null })}
                />
              )
            }
          </FormField>
        )}
        <Choice
          label={t('productImport.options.action')}
          value={o.action}
          values={IMPORT_ACTIONS}
          keyOf={(v) => `productImport.options.actions.${v}`}
          onChange={(action) => onChange({ action })}
          error={err('action')}
          disabled={disabled}
        />
        <Choice
          label={t('productImport.options.emptyCells')}
          value={o.emptyCells}
          values={IMPORT_EMPTY_CELLS}
          keyOf={(v) => `productImport.options.empty.${v}`}
          onChange={(emptyCells) => onChange({ emptyCells })}
          error={err('emptyCells')}
          disabled={disabled}
        />
        <Choice
          label={t('productImport.options.missing')}
          hint={t('productImport.options.missingHint')}
          value={o.missing}
          values={IMPORT_MISSING}
          keyOf={(v) => `productImport.options.missingChoice.${v}`}
          onChange={(missing) => onChange({ missing })}
          error={err('missing')}
          disabled={disabled}
        />
        <Choice
          label={t('productImport.options.categoriesBy')}
          value={o.categoriesBy}
          values={['code', 'path'] as const}
          keyOf={(v) => `productImport.options.categories.${v}`}
          onChange={(categoriesBy) => onChange({ categoriesBy })}
          error={err('categoriesBy')}
          disabled={disabled}
        />
        <label className="flex items-center gap-2 self-end text-sm sm:pb-2">
          <input
            type="checkbox"
            className="size-4"
            checked={o.decimalComma}
            disabled={disabled}
            onChange={(e) => onChange({ decimalComma: e.target.checked })}
          />
          {t('productImport.options.decimalComma')}
        </label>
      </div>
      {o.missing === 'archive' && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" role="note">
          {t('productImport.options.archiveWarning')}
        </p>
      )}
    </section>
  );
}
