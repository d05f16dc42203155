import { VENDOR_STATUSES } from '@market/contracts/plain';
import { FilterField, filterControl, SearchBox, useCategoryOptions } from '../../applications';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { VendorFilters, VendorStatus, VendorType } from '../vendors-api';
import type { VendorArea } from './vendors-area';

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
  return (
    <div className="flex w-full min-w-0 flex-1 flex-wrap items-end gap-2">
      <SearchBox label={t('vendors.search')} placeholder={t('vendors.searchPlaceholder')} value={search} onChange={onSearch} />
      {area === 'market' && (
        <FilterField label={t('vendors.filter.type')}>
          {(id) => (
            <select
              id={id}
              className={filterControl}
              value={filters.vendorType}
              onChange={(e) => onChange({ ...filters, vendorType: e.target.value as VendorType })}
            >
              <option value="market">{t('vendors.type.market')}</option>
              <option value="normal">{t('vendors.type.normal')}</option>
            </select>
          )}
        </FilterField>
      )}
      <FilterField label={t('vendors.filter.status')}>
        {(id) => (
          <select
            id={id}
            className={filterControl}
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
        )}
      </FilterField>
      <FilterField label={t('vendors.filter.category')}>
        {(id) => (
          <select
            id={id}
            className={`${filterControl} max-w-48`}
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
        )}
      </FilterField>
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
