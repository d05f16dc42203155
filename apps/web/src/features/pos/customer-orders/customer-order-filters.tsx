import { CUSTOMER_ORDER_FULFILMENTS, CUSTOMER_ORDER_STATES } from '@market/contracts/plain';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useRegisters } from '../pos-api';
import type { CustomerOrderFilters } from './customer-orders-api';

/** The customer orders' filters: search (number or customer; typing settles for 300 ms), state, pickup or delivery, register. */
export function CustomerOrderFiltersBar({
  filters,
  onChange,
}: {
  filters: CustomerOrderFilters;
  onChange: (f: CustomerOrderFilters) => void;
}) {
  const { t } = useI18n();
  const registers = useRegisters('all');
  const [q, setQ] = useState(filters.q ?? '');

  useEffect(() => {
    const next = q.trim() || undefined;
    if (next === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: next }), 300);
    return () => clearTimeout(timer);
  }, [q, filters, onChange]);

  const set = (patch: Partial<CustomerOrderFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="flex flex-wrap items-end gap-2" role="search" data-testid="customer-order-filters">
      <div className="relative w-full sm:w-64">
        <Search className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          dir="auto"
          maxLength={100}
          aria-label={t('customerOrders.filter.search')}
          placeholder={t('customerOrders.filter.search')}
          className="h-9 w-full rounded-md border bg-background ps-8 pe-2 text-sm"
        />
      </div>
      <FilterSelect
        label={t('customerOrders.filter.state')}
        all={t('customerOrders.filter.allStates')}
        value={filters.state}
        options={CUSTOMER_ORDER_STATES.map((v) => ({ value: v, label: t(`customerOrders.state.${v}`) }))}
        onChange={(state) => set({ state })}
      />
      <FilterSelect
        label={t('customerOrders.filter.fulfilment')}
        all={t('customerOrders.filter.allFulfilments')}
        value={filters.fulfilment}
        options={CUSTOMER_ORDER_FULFILMENTS.map((v) => ({ value: v, label: t(`customerOrders.fulfilment.${v}`) }))}
        onChange={(fulfilment) => set({ fulfilment })}
      />
      <FilterSelect
        label={t('customerOrders.filter.register')}
        all={t('customerOrders.filter.allRegisters')}
        value={filters.registerId}
        options={(registers.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        onChange={(registerId) => set({ registerId })}
      />
    </div>
  );
}

/** One filter: "all" (empty) or one of the options, named for screen readers by `label`. */
function FilterSelect<V extends string>({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  all: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
}) {
  return (
    <select
      className="h-9 max-w-52 rounded-md border bg-background px-2 text-sm"
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
    >
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
