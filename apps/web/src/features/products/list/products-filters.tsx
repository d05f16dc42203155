import { Filter, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { localName } from '../format';
import { PRODUCT_STATUSES, type ProductStatus } from '@market/contracts/plain';
import type { ListFilters } from '../product-constants';
import type { FormOptions } from '../products-api';
import { CategorySelect } from './category-select';
import { PopoverChecklist } from './popover-checklist';
import type { FilterChanges } from './use-list-params';

const selectClass = 'h-8 max-w-44 rounded-md border bg-background px-2 text-sm';

/** Search (debounced) and the filters of the list; every change goes to the URL. */
export function ProductsFilters({
  filters,
  options,
  update,
  hasFilters,
  onClear,
}: {
  filters: ListFilters;
  options: FormOptions | undefined;
  update: (c: FilterChanges) => void;
  hasFilters: boolean;
  onClear: () => void;
}) {
  const { t, language } = useI18n();
  const [q, setQ] = useState(filters.q);
  // The URL is the source of truth: a saved view or "clear" replaces what is typed.
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => update({ q: q || undefined }), 300);
    return () => clearTimeout(timer);
  }, [q, filters.q, update]);

  const percentInput = (key: 'completenessMin' | 'completenessMax', label: string, placeholder: string) => (
    <input
      type="number"
      min={0}
      max={100}
      inputMode="numeric"
      className="h-8 w-20 rounded-md border bg-background px-2 text-sm"
      aria-label={label}
      placeholder={placeholder}
      value={filters[key] ?? ''}
      onChange={(e) => {
        const n = e.target.value === '' ? undefined : Math.max(0, Math.min(100, Math.trunc(Number(e.target.value))));
        update({ [key]: Number.isFinite(n) ? n : undefined });
      }}
    />
  );

  return (
    <div className="flex flex-wrap items-center gap-2" role="search">
      <div className="relative w-full sm:w-80">
        <Search className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          dir="auto"
          maxLength={200}
          aria-label={t('products.filter.search')}
          placeholder={t('products.filter.searchPlaceholder')}
          className="h-8 w-full rounded-md border bg-background ps-8 pe-2 text-sm"
        />
      </div>
      <PopoverChecklist<ProductStatus>
        label={filters.status.length ? t('products.filter.statusCount', { count: filters.status.length }) : t('products.filter.status')}
        title={t('products.filter.status')}
        icon={<Filter className="size-3.5" aria-hidden />}
        options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))}
        value={filters.status}
        onChange={(status) => update({ status })}
      />
      <select
        className={selectClass}
        aria-label={t('products.filter.brand')}
        value={filters.brandId ?? ''}
        onChange={(e) => update({ brandId: e.target.value || undefined })}
      >
        <option value="">{t('products.filter.anyBrand')}</option>
        {options?.brands.map((b) => (
          <option key={b.id} value={b.id}>
            {localName(language, b)}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('products.filter.vendor')}
        value={filters.vendorId ?? ''}
        onChange={(e) => update({ vendorId: e.target.value || undefined })}
      >
        <option value="">{t('products.filter.anyVendor')}</option>
        {options?.vendors.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('products.filter.family')}
        value={filters.familyId ?? ''}
        onChange={(e) => update({ familyId: e.target.value || undefined })}
      >
        <option value="">{t('products.filter.anyFamily')}</option>
        {options?.families.map((f) => (
          <option key={f.id} value={f.id}>
            {localName(language, f)}
          </option>
        ))}
      </select>
      <CategorySelect
        className={selectClass}
        aria-label={t('products.filter.category')}
        categories={options?.categories ?? []}
        value={filters.categoryId}
        onChange={(categoryId) => update({ categoryId })}
        emptyLabel={t('products.filter.anyCategory')}
      />
      <span className="flex items-center gap-1 text-sm text-muted-foreground">
        <span aria-hidden>{t('products.column.completeness')}</span>
        {percentInput('completenessMin', t('products.filter.completenessMin'), t('products.filter.min'))}
        <span aria-hidden>–</span>
        {percentInput('completenessMax', t('products.filter.completenessMax'), t('products.filter.max'))}
      </span>
      {hasFilters && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X className="size-3.5" aria-hidden />
          {t('products.filter.clear')}
        </Button>
      )}
    </div>
  );
}
