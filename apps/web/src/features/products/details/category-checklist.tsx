import { useMemo, useState } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { categoryTree, localName } from '../format';
import type { CategoryOption } from '../products-api';

/** Multi-select of categories shown as the indented tree, with a filter box. */
export function CategoryChecklist({
  categories,
  value,
  onChange,
  labelId,
}: {
  categories: CategoryOption[];
  value: string[];
  onChange: (ids: string[]) => void;
  labelId: string;
}) {
  const { t, language } = useI18n();
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => categoryTree(categories), [categories]);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? rows.filter(({ row }) => row.nameEn.toLowerCase().includes(needle) || row.nameAr.includes(filter.trim())) : rows;
  const chosen = new Set(value);
  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={labelId}>
      <input
        type="search"
        dir="auto"
        className="h-8 rounded-md border bg-background px-2 text-sm"
        placeholder={t('products.categories.filter')}
        aria-label={t('products.categories.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="max-h-56 overflow-y-auto rounded-md border p-1">
        {shown.length === 0 && <p className="p-2 text-sm text-muted-foreground">{t('products.categories.none')}</p>}
        {shown.map(({ row, depth }) => (
          <label
            key={row.id}
            className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-accent"
            style={{ paddingInlineStart: `${0.25 + (needle ? 0 : depth) * 1.25}rem` }}
          >
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.has(row.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, row.id] : value.filter((id) => id !== row.id))}
            />
            {localName(language, row)}
          </label>
        ))}
      </div>
      {value.length > 0 && <p className="text-xs text-muted-foreground">{t('products.categories.chosen', { count: value.length })}</p>}
    </div>
  );
}
