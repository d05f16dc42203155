import { INVOICE_STATES, type InvoiceState } from '@market/contracts/plain';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { addDays, formatDay, localText, today } from '../format';
import { useDayOptions, useVendorOptions, type InvoiceFilters } from '../payment-management-api';

const selectClass = 'h-8 max-w-52 rounded-md border bg-background px-2 text-sm';

/** State, market day, vendor, overdue only, and a search over invoice numbers and vendor names. */
export function OverviewFilters({ filters, onChange }: { filters: InvoiceFilters; onChange: (f: InvoiceFilters) => void }) {
  const { t, language } = useI18n();
  const vendors = useVendorOptions();
  // Market days from three months back to six ahead: the ones invoices are usually about.
  const [range] = useState(() => ({ from: addDays(today(), -92), to: addDays(today(), 183) }));
  const days = useDayOptions(range.from, range.to);
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => {
    if (q === (filters.q ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, q: q || undefined }), 300);
    return () => clearTimeout(timer);
  }, [q, filters, onChange]);

  return (
    <div className="flex flex-wrap items-center gap-2" role="search">
      <div className="relative w-full sm:w-64">
        <Search className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          dir="auto"
          maxLength={100}
          aria-label={t('pay.overview.search')}
          placeholder={t('pay.overview.search')}
          className="h-8 w-full rounded-md border bg-background ps-8 pe-2 text-sm"
        />
      </div>
      <select
        className={selectClass}
        aria-label={t('pay.overview.state')}
        value={filters.state ?? ''}
        onChange={(e) => onChange({ ...filters, state: (e.target.value || undefined) as InvoiceState | undefined })}
      >
        <option value="">{t('pay.overview.allStates')}</option>
        {INVOICE_STATES.map((s) => (
          <option key={s} value={s}>
            {t(`pay.state.${s}`)}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('pay.overview.day')}
        value={filters.marketDayId ?? ''}
        onChange={(e) => onChange({ ...filters, marketDayId: e.target.value || undefined })}
      >
        <option value="">{t('pay.overview.allDays')}</option>
        {(days.data ?? []).map((d) => (
          <option key={d.id} value={d.id}>
            {formatDay(d.date, language)} · {localText(language, d.locationNameEn, d.locationNameAr)}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('pay.overview.vendor')}
        value={filters.vendorId ?? ''}
        onChange={(e) => onChange({ ...filters, vendorId: e.target.value || undefined })}
      >
        <option value="">{t('pay.overview.allVendors')}</option>
        {(vendors.data?.items ?? []).map((v) => (
          <option key={v.id} value={v.id}>
            {v.publicName}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1.5 text-sm">
        <input
          type="checkbox"
          checked={!!filters.overdue}
          onChange={(e) => onChange({ ...filters, overdue: e.target.checked || undefined })}
        />
        {t('pay.overview.overdueOnly')}
      </label>
    </div>
  );
}
