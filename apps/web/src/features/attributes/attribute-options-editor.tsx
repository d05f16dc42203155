import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';
import { attrFieldError } from './attribute-errors';
import { newOption, type OptionDraft } from './attribute-form-state';

interface Props {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  error: unknown;
  localError?: string;
}

/** The options of a select attribute: add, remove and order them; the order here is the order products show. */
export function AttributeOptionsEditor({ options, onChange, error, localError }: Props) {
  const t = useT();
  const set = (i: number, patch: Partial<OptionDraft>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const move = (i: number, step: -1 | 1) => {
    const next = [...options];
    const [o] = next.splice(i, 1);
    next.splice(i + step, 0, o!);
    onChange(next);
  };
  const listError = localError ?? attrFieldError(t, error, 'options');
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">{t('attributes.options.title')}</legend>
      {options.length === 0 && <p className="text-sm text-muted-foreground">{t('attributes.options.empty')}</p>}
      {options.map((o, i) => {
        const err = ['code', 'labelEn', 'labelAr', 'id'].map((f) => attrFieldError(t, error, `options.${i}.${f}`)).find(Boolean);
        return (
          <div key={o.key} className="flex flex-col gap-1" data-testid="attribute-option">
            <div className="flex flex-wrap items-center gap-2">
              <input
                aria-label={t('attributes.options.code', { n: i + 1 })}
                dir="ltr"
                className={`${fieldClass} max-w-28`}
                value={o.code}
                maxLength={64}
                onChange={(e) => set(i, { code: e.target.value })}
              />
              <input
                aria-label={t('attributes.options.labelEn', { n: i + 1 })}
                dir="ltr"
                className={`${fieldClass} min-w-32 flex-1`}
                value={o.labelEn}
                maxLength={120}
                onChange={(e) => set(i, { labelEn: e.target.value })}
              />
              <input
                aria-label={t('attributes.options.labelAr', { n: i + 1 })}
                dir="rtl"
                lang="ar"
                className={`${fieldClass} min-w-32 flex-1`}
                value={o.labelAr}
                maxLength={120}
                onChange={(e) => set(i, { labelAr: e.target.value })}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                disabled={i === 0}
                aria-label={t('attributes.moveUp')}
                onClick={() => move(i, -1)}
              >
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                disabled={i === options.length - 1}
                aria-label={t('attributes.moveDown')}
                onClick={() => move(i, 1)}
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('attributes.options.remove', { n: i + 1 })}
                onClick={() => onChange(options.filter((_, j) => j !== i))}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
            {err && <p className="text-xs text-destructive">{err}</p>}
          </div>
        );
      })}
      {listError && (
        <p role="alert" className="text-xs text-destructive">
          {listError}
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...options, newOption()])}>
          <Plus className="size-4" aria-hidden />
          {t('attributes.options.add')}
        </Button>
      </div>
    </fieldset>
  );
}
