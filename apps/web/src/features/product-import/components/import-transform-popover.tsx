import { IMPORT_LIMITS } from '@market/contracts/plain';
import { Plus, SlidersHorizontal, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { fieldClass, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { num, type Translate } from '../import-format';
import type { ImportColumn } from '../product-import-api';

type Patch = Partial<Pick<ImportColumn, 'trim' | 'split' | 'map' | 'default'>>;

/** What a column's transformations do, in short (nothing when it only trims, the default). */
export function transformSummary(c: ImportColumn, language: string, t: Translate): string[] {
  return [
    ...(c.trim === false ? [t('productImport.transform.noTrim')] : []),
    ...(c.split ? [t('productImport.transform.splitOn', { separator: c.split })] : []),
    ...(c.map?.length ? [t('productImport.transform.replacements', { count: num(c.map.length, language) })] : []),
    ...(c.default !== undefined ? [t('productImport.transform.defaultIs', { value: c.default })] : []),
  ];
}

/** Trim, split into a list, replace values, and a default for empty cells, of one column. */
export function ImportTransformPopover({
  column: c,
  onChange,
  disabled,
}: {
  column: ImportColumn;
  onChange: (p: Patch) => void;
  disabled?: boolean;
}) {
  const { t, language } = useI18n();
  const summary = transformSummary(c, language, t);
  const map = c.map ?? [];
  const setMap = (next: { from: string; to: string }[]) => onChange({ map: next.length ? next : undefined });
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" disabled={disabled} aria-label={t('productImport.transform.open', { column: c.column })}>
          <SlidersHorizontal className="size-3.5" aria-hidden />
          {summary.length ? summary.join(' · ') : t('productImport.transform.none')}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-md border bg-card p-3 text-sm shadow-md"
          aria-label={t('productImport.transform.title', { column: c.column })}
        >
          <p className="font-medium">{t('productImport.transform.title', { column: c.column })}</p>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4"
              checked={c.trim !== false}
              onChange={(e) => onChange({ trim: e.target.checked ? undefined : false })}
            />
            {t('productImport.transform.trim')}
          </label>
          <TextField
            label={t('productImport.transform.split')}
            hint={t('productImport.transform.splitHint')}
            value={c.split ?? ''}
            onValueChange={(v) => onChange({ split: v || undefined })}
            maxLength={5}
            dir="ltr"
          />
          <TextField
            label={t('productImport.transform.default')}
            hint={t('productImport.transform.defaultHint')}
            value={c.default ?? ''}
            onValueChange={(v) => onChange({ default: v === '' ? undefined : v })}
            maxLength={2000}
            dir="auto"
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">{t('productImport.transform.map')}</legend>
            {map.map((m, i) => (
              <div key={i} className="flex items-center gap-1">
                <input
                  className={fieldClass}
                  dir="auto"
                  aria-label={t('productImport.transform.from', { n: num(i + 1, language) })}
                  value={m.from}
                  maxLength={500}
                  onChange={(e) => setMap(map.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)))}
                />
                <span aria-hidden className="inline-block rtl:rotate-180">
                  →
                </span>
                <input
                  className={fieldClass}
                  dir="auto"
                  aria-label={t('productImport.transform.to', { n: num(i + 1, language) })}
                  value={m.to}
                  maxLength={500}
                  onChange={(e) => setMap(map.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)))}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('productImport.transform.remove', { n: num(i + 1, language) })}
                  onClick={() => setMap(map.filter((_, j) => j !== i))}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </div>
            ))}
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              disabled={map.length >= IMPORT_LIMITS.mapEntries}
              onClick={() => setMap([...map, { from: '', to: '' }])}
            >
              <Plus className="size-4" aria-hidden />
              {t('productImport.transform.add')}
            </Button>
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
