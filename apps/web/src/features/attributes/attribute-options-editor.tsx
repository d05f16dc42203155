import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';
import { newOption, type OptionDraft } from './attribute-form-state';
import { MoveButtons, moveItem } from './attribute-row-actions';

interface Props {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  /** The server's field errors by path (`options.2.code`). */
  errors: Record<string, string>;
  localError?: string;
}

/** The options of a select attribute: add, remove and order them; the order here is the order products show. */
export function AttributeOptionsEditor({ options, onChange, errors, localError }: Props) {
  const t = useT();
  const set = (i: number, patch: Partial<OptionDraft>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const listError = localError ?? errors.options;
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">{t('attributes.options.title')}</legend>
      {options.length === 0 && <p className="text-sm text-muted-foreground">{t('attributes.options.empty')}</p>}
      {options.map((o, i) => {
        const err = ['code', 'labelEn', 'labelAr', 'id'].map((f) => errors[`options.${i}.${f}`]).find(Boolean);
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
              <MoveButtons index={i} count={options.length} onMove={(step) => onChange(moveItem(options, i, step))} />
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
