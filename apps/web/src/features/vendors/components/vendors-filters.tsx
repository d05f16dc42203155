import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useCategoryOptions, VENDOR_STATUSES, type VendorFilters, type VendorStatus, type VendorType } from '../vendors-api';
import type { VendorArea } from './vendors-area';

const control = 'h-9 rounded-md border bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/** Search box and filters of the vendor list. */
export function VendorsFilters({
  area,
  search,
  onSearch,
  filters,
  onChange,
}: {
  area: VendorArea;
  search: string;
  onSearch: (q: string) => void;
  filters: VendorFilters;
  onChange: (f: VendorFilters) => void;
}) {
  const { t, language } = useI18n();
  const categories = useCategoryOptions();
  const id = useId();
  return (
    <div className="flex w-full min-w-0 flex-1 flex-wrap items-end gap-2">
      <div className="relative w-full sm:w-64">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('vendors.search')}
        </label>
        <Search className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          id={`${id}-q`}
          type="search"
          className={`${control} w-full ps-8`}
          placeholder={t('vendors.searchPlaceholder')}
          value={search}
          maxLength={200}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      {area === 'market' && (
        <Labelled id={`${id}-type`} label={t('vendors.filter.type')}>
          <select
            id={`${id}-type`}
            className={control}
            value={filters.vendorType}
            onChange={(e) => onChange({ ...filters, vendorType: e.target.value as VendorType })}
          >
            <option value="market">{t('vendors.type.market')}</option>
            <option value="normal">{t('vendors.type.normal')}</option>
          </select>
        </Labelled>
      )}
      <Labelled id={`${id}-status`} label={t('vendors.filter.status')}>
        <select
          id={`${id}-status`}
          className={control}
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as VendorStatus | '' })}
        >
          <option value="">{t('vendors.filter.anyStatus')}</option>
          {VENDOR_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`vendors.status.${s}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-category`} label={t('vendors.filter.category')}>
        <select
          id={`${id}-category`}
          className={`${control} max-w-48`}
          value={filters.categoryId}
          onChange={(e) => onChange({ ...filters, categoryId: e.target.value })}
        >
          <option value="">{t('vendors.filter.anyCategory')}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {language === 'ar' ? c.nameAr : c.nameEn}
            </option>
          ))}
        </select>
      </Labelled>
      <label className="flex h-9 items-center gap-2 rounded-md border px-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={filters.expiring}
          onChange={(e) => onChange({ ...filters, expiring: e.target.checked })}
        />
        {t('vendors.filter.expiring')}
      </label>
    </div>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}
