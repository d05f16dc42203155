import { IMPORT_FIELDS } from '@market/contracts/plain';
import { fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { attributeTargets, targetLabel } from '../import-format';
import type { ImportAttribute } from '../use-import-attributes';

/** Where a column goes: a product field, an attribute (per language when localizable), or nowhere. */
export function ImportTargetSelect({
  value,
  onChange,
  attributes,
  label,
  error,
  disabled,
  describedBy,
}: {
  value: string;
  onChange: (target: string) => void;
  attributes: readonly ImportAttribute[];
  label: string;
  error?: string;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { t, language } = useI18n();
  const offered = attributeTargets(attributes);
  // A target saved before (a profile, another session) stays visible even when the attributes could not be listed.
  const extra = value.startsWith('attribute:') && !offered.includes(value) ? [value] : [];
  return (
    <select
      aria-label={label}
      aria-invalid={!!error}
      aria-describedby={describedBy}
      className={fieldClass}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="ignore">{t('productImport.target.ignore')}</option>
      <optgroup label={t('productImport.target.fields')}>
        {IMPORT_FIELDS.map((f) => (
          <option key={f} value={f}>
            {t(`productImport.field.${f}`)}
          </option>
        ))}
      </optgroup>
      {offered.length + extra.length > 0 && (
        <optgroup label={t('productImport.target.attributes')}>
          {[...offered, ...extra].map((target) => (
            <option key={target} value={target}>
              {targetLabel(target, attributes, language, t)}
            </option>
          ))}
        </optgroup>
      )}
    </select>
  );
}
