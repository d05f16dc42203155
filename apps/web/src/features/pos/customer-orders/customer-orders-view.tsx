import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMoney } from '../sessions/pos-format';
import { CustomerOrderDialog } from './customer-order-dialog';
import { CustomerOrderFiltersBar } from './customer-order-filters';
import { CustomerOrderSheet } from './customer-order-sheet';
import { CustomerOrdersList } from './customer-orders-list';
import type { CustomerOrderFilters } from './customer-orders-api';

/**
 * Customer orders (the second tab of Order Management): orders taken for pickup or delivery, newest first, with
 * their filters; "New order" takes one, and an order opens in a side panel where it is edited, moved on and paid.
 */
export function CustomerOrdersView() {
  const { t, language } = useI18n();
  const { code, money } = useMoney(language);
  const [filters, setFilters] = useState<CustomerOrderFilters>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('route.orders')}</h1>
          <p className="text-sm text-muted-foreground">{t('customerOrders.subtitle')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          {t('customerOrders.new')}
        </Button>
      </header>
      <CustomerOrderFiltersBar filters={filters} onChange={setFilters} />
      <CustomerOrdersList filters={filters} money={money} onOpen={setOpenId} />
      <CustomerOrderSheet orderId={openId} onClose={() => setOpenId(null)} money={money} currency={code} />
      {creating && (
        <CustomerOrderDialog
          order={null}
          currency={code}
          onClose={() => setCreating(false)}
          onSaved={(o) => {
            setCreating(false);
            setOpenId(o.id);
          }}
        />
      )}
    </section>
  );
}
