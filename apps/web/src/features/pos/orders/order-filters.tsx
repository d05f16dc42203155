import { POS_ORDER_KINDS, POS_TENDERS, type PosOrderKind, type PosTender } from '@market/contracts/plain';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { minorDigits, toMinor } from '../../payment-management';
import { useRegisters } from '../pos-api';
import { useVendorOptions, type OrderFilters } from './orders-api';

const selectClass = 'h-9 max-w-52 rounded-md border bg-background px-2 text-sm';
const inputClass = 'h-9 rounded-md border bg-background px-2 text-sm aria-[invalid=true]:border-destructive';

/** A typed amount in minor units; undefined when empty, null when it is not an amount. */
const amountOf = (text: string, digits: number) => (text.trim() ? toMinor(text, digits) : undefined);

/**
 * The orders list's filters: search (receipt number or customer), kind, dates, register, vendor, tender and the
 * total between two amounts (typed in the currency's major unit). Typing settles for 300 ms before it filters.
 */
export function OrderFiltersBar({
  filters,
  onChange,
  currency,
}: {
  filters: OrderFilters;
  onChange: (f: OrderFilters) => void;
  currency: string | null;
}) {
  const { t } = useI18n();
  const registers = useRegisters('all');
  const vendors = useVendorOptions();
  const digits = minorDigits(currency);
  const [q, setQ] = useState(filters.q ?? '');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const minTotal = amountOf(min, digits);
  const maxTotal = amountOf(max, digits);

  useEffect(() => {
    const next = { ...filters, q: q.trim() || undefined };
    // An amount that does not read as one keeps the last good filter (the field says so).
    if (minTotal !== null) next.minTotal = minTotal;
    if (maxTotal !== null) next.maxTotal = maxTotal;
    if (next.q === filters.q && next.minTotal === filters.minTotal && next.maxTotal === filters.maxTotal) return;
    const timer = setTimeout(() => onChange(next), 300);
    return () => clearTimeout(timer);
  }, [q, minTotal, maxTotal, filters, onChange]);

  const set = (patch: Partial<OrderFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="flex flex-wrap items-end gap-2" role="search" data-testid="order-filters">
      <div className="relative w-full sm:w-64">
        <Search className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          dir="auto"
          maxLength={100}
          aria-label={t('orders.filter.search')}
          placeholder={t('orders.filter.search')}
          className="h-9 w-full rounded-md border bg-background ps-8 pe-2 text-sm"
        />
      </div>
      <select
        className={selectClass}
        aria-label={t('orders.filter.kind')}
        value={filters.kind ?? ''}
        onChange={(e) => set({ kind: (e.target.value || undefined) as PosOrderKind | undefined })}
      >
        <option value="">{t('orders.filter.allKinds')}</option>
        {POS_ORDER_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`orders.kind.${k}`)}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1 text-sm">
        <span>{t('orders.filter.from')}</span>
        <input
          type="date"
          className={inputClass}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </label>
      <label className="flex items-center gap-1 text-sm">
        <span>{t('orders.filter.to')}</span>
        <input
          type="date"
          className={inputClass}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </label>
      <select
        className={selectClass}
        aria-label={t('orders.filter.register')}
        value={filters.registerId ?? ''}
        onChange={(e) => set({ registerId: e.target.value || undefined })}
      >
        <option value="">{t('orders.filter.allRegisters')}</option>
        {(registers.data ?? []).map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('orders.filter.vendor')}
        value={filters.vendorId ?? ''}
        onChange={(e) => set({ vendorId: e.target.value || undefined })}
      >
        <option value="">{t('orders.filter.allVendors')}</option>
        {(vendors.data?.items ?? []).map((v) => (
          <option key={v.id} value={v.id}>
            {v.publicName}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('orders.filter.tender')}
        value={filters.tender ?? ''}
        onChange={(e) => set({ tender: (e.target.value || undefined) as PosTender | undefined })}
      >
        <option value="">{t('orders.filter.allTenders')}</option>
        {POS_TENDERS.map((k) => (
          <option key={k} value={k}>
            {t(`pos.tender.${k}`)}
          </option>
        ))}
      </select>
      <input
        className={`${inputClass} w-28`}
        inputMode="decimal"
        dir="ltr"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        aria-label={t('orders.filter.minTotal')}
        placeholder={t('orders.filter.minTotal')}
        aria-invalid={minTotal === null}
        title={minTotal === null ? t('orders.filter.badAmount') : undefined}
      />
      <input
        className={`${inputClass} w-28`}
        inputMode="decimal"
        dir="ltr"
        value={max}
        onChange={(e) => setMax(e.target.value)}
        aria-label={t('orders.filter.maxTotal')}
        placeholder={t('orders.filter.maxTotal')}
        aria-invalid={maxTotal === null}
        title={maxTotal === null ? t('orders.filter.badAmount') : undefined}
      />
    </div>
  );
}
