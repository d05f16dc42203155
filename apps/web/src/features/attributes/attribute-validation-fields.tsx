import { FormField, fieldClass } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';
import { RULES, type AttributeType } from './attribute-form-state';

interface Props {
  type: AttributeType;
  rules: Record<string, string>;
  onChange: (rules: Record<string, string>) => void;
  /** The server's field errors by path (`validation.min`). */
  errors: Record<string, string>;
}

/** The validation inputs of the chosen type only; empty means "no rule". */
export function AttributeValidationFields({ type, rules, onChange, errors }: Props) {
  const t = useT();
  const list = RULES[type];
  if (!list.length) return <p className="text-sm text-muted-foreground sm:col-span-2">{t('attributes.validation.none')}</p>;
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-medium">{t('attributes.validation.title')}</legend>
      {list.map((rule) => (
        <FormField
          key={rule.key}
          label={t(`attributes.rule.${rule.key}`)}
          error={errors[`validation.${rule.key}`]}
          className={rule.key === 'pattern' ? 'sm:col-span-3' : undefined}
        >
          {(p) => (
            <input
              {...p}
              dir="ltr"
              className={fieldClass}
              type={rule.kind === 'date' ? 'date' : rule.kind === 'text' ? 'text' : 'number'}
              step={rule.kind === 'int' ? 1 : 'any'}
              min={rule.kind === 'int' ? 0 : undefined}
              value={rules[rule.key] ?? ''}
              placeholder={rule.key === 'pattern' ? '^[A-Z]{2}-\\d+$' : undefined}
              onChange={(e) => onChange({ ...rules, [rule.key]: e.target.value })}
            />
          )}
        </FormField>
      ))}
    </fieldset>
  );
}
