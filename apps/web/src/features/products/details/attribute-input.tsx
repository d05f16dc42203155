import { memo, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { FamilyAttribute } from '../products-api';
import { AssetPickerDialog } from './asset-picker-dialog';

type A11y = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean };
const areaClass = 'min-h-20 w-full rounded-md border bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive';

/** A number typed as text; sent as a number when it is one, else as typed (the server names the problem). */
function NumberInput({
  value,
  onChange,
  a11y,
  suffix,
}: {
  value: unknown;
  onChange: (v: unknown) => void;
  a11y: A11y;
  suffix?: string | null;
}) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  useEffect(() => {
    const shown = text.trim() === '' ? null : Number(text);
    if (shown !== (value ?? null)) setText(value === null || value === undefined ? '' : String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change (discard, restore, reload) rewrites what is typed, not typing itself
  }, [value]);
  return (
    <span className="flex items-center gap-2">
      <input
        {...a11y}
        className={fieldClass}
        dir="ltr"
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const s = e.target.value.trim();
          onChange(s === '' ? null : /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s);
        }}
      />
      {suffix && <span className="shrink-0 text-sm text-muted-foreground">{suffix}</span>}
    </span>
  );
}

/** One input per attribute type; a localisable text has one input per language. */
export const AttributeInput = memo(function AttributeInput({
  attribute: a,
  value,
  onChange,
  a11y,
  currency,
  mediaName,
}: {
  attribute: FamilyAttribute;
  value: unknown;
  onChange: (id: string, v: unknown) => void;
  a11y: A11y;
  currency: string | null;
  mediaName?: string;
}) {
  const { t, language } = useI18n();
  const [picking, setPicking] = useState(false);
  const [pickedName, setPickedName] = useState<string>();
  const set = (v: unknown) => onChange(a.id, v);
  const label = (o: FamilyAttribute['options'][number]) => (language === 'ar' && o.labelAr ? o.labelAr : o.labelEn);

  switch (a.type) {
    case 'text':
    case 'long_text': {
      if (a.localizable) {
        const v = (value && typeof value === 'object' ? value : {}) as { en?: string; ar?: string };
        const one = (lang: 'en' | 'ar') => {
          const props = {
            dir: lang === 'ar' ? 'rtl' : 'ltr',
            lang,
            value: v[lang] ?? '',
            onChange: (e: { target: { value: string } }) => set({ ...v, [lang]: e.target.value }),
            'aria-invalid': a11y['aria-invalid'],
            'aria-label': t(lang === 'en' ? 'products.attr.english' : 'products.attr.arabic', {
              name: language === 'ar' && a.nameAr ? a.nameAr : a.nameEn,
            }),
          };
          return a.type === 'long_text' ? (
            <textarea {...props} id={lang === 'en' ? a11y.id : undefined} className={areaClass} />
          ) : (
            <input {...props} id={lang === 'en' ? a11y.id : undefined} className={fieldClass} />
          );
        };
        return (
          <div className="grid gap-2 sm:grid-cols-2" aria-describedby={a11y['aria-describedby']}>
            {one('en')}
            {one('ar')}
          </div>
        );
      }
      const text = typeof value === 'string' ? value : '';
      return a.type === 'long_text' ? (
        <textarea {...a11y} dir="auto" className={areaClass} value={text} onChange={(e) => set(e.target.value)} />
      ) : (
        <input {...a11y} dir="auto" className={fieldClass} value={text} onChange={(e) => set(e.target.value)} />
      );
    }
    case 'number':
      return <NumberInput value={value} onChange={set} a11y={a11y} />;
    case 'price':
      return <NumberInput value={value} onChange={set} a11y={a11y} suffix={currency} />;
    case 'measurement':
      return <NumberInput value={value} onChange={set} a11y={a11y} suffix={a.unitSymbol} />;
    case 'boolean':
      return (
        <select
          {...a11y}
          className={fieldClass}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(e) => set(e.target.value === '' ? null : e.target.value === 'yes')}
        >
          <option value="">{t('products.attr.notSet')}</option>
          <option value="yes">{t('products.attr.yes')}</option>
          <option value="no">{t('products.attr.no')}</option>
        </select>
      );
    case 'date':
      return (
        <input
          {...a11y}
          type="date"
          className={fieldClass}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.target.value || null)}
        />
      );
    case 'single_select':
      return (
        <select
          {...a11y}
          className={fieldClass}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.target.value || null)}
        >
          <option value="">{t('products.attr.notSet')}</option>
          {a.options.map((o) => (
            <option key={o.code} value={o.code}>
              {label(o)}
            </option>
          ))}
        </select>
      );
    case 'multi_select': {
      const codes = Array.isArray(value) ? (value as string[]) : [];
      return (
        <div
          id={a11y.id}
          role="group"
          aria-describedby={a11y['aria-describedby']}
          className="flex flex-wrap gap-x-4 gap-y-1 rounded-md border p-2"
        >
          {a.options.map((o) => (
            <label key={o.code} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={codes.includes(o.code)}
                onChange={(e) => set(e.target.checked ? [...codes, o.code] : codes.filter((c) => c !== o.code))}
              />
              {label(o)}
            </label>
          ))}
        </div>
      );
    }
    case 'media':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 truncate text-sm" data-testid={`media-value-${a.code}`}>
            {typeof value === 'string' && value ? (pickedName ?? mediaName ?? value) : t('products.attr.noFile')}
          </span>
          <Button id={a11y.id} size="sm" variant="outline" aria-describedby={a11y['aria-describedby']} onClick={() => setPicking(true)}>
            {t('products.attr.chooseFile')}
          </Button>
          {typeof value === 'string' && value && (
            <Button size="sm" variant="ghost" onClick={() => set(null)}>
              {t('products.attr.clearFile')}
            </Button>
          )}
          <AssetPickerDialog
            open={picking}
            onOpenChange={setPicking}
            onPick={([asset]) => {
              if (!asset) return;
              setPickedName(asset.fileName);
              set(asset.id);
            }}
          />
        </div>
      );
    default:
      return (
        <input
          {...a11y}
          className={fieldClass}
          dir="auto"
          value={typeof value === 'string' ? value : JSON.stringify(value ?? '')}
          onChange={(e) => set(e.target.value)}
        />
      );
  }
});
