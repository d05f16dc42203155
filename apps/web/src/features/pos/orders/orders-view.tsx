import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMoney } from '../sessions/pos-format';
import { ExportOrdersButton } from './export-orders';
import { OrderDetailsSheet } from './order-details-sheet';
import { OrderFiltersBar } from './order-filters';
import { OrdersList } from './orders-list';
import type { OrderFilters } from './orders-api';

/**
 * The orders of every register, newest first, with their filters; an order opens in a side panel. The
 * orders page (`archive` false) returns items of a sale from there; the history (`archive`) only reads, and
 * exports the filtered list as CSV. `?receipt=<number>` (where a receipt's QR code points) searches for it.
 */
export function OrdersView({ archive }: { archive: boolean }) {
  const { t, language } = useI18n();
  const [params] = useSearchParams();
  const receipt = params.get('receipt')?.trim() ?? '';
  const [filters, setFilters] = useState<OrderFilters>(() => (receipt ? { q: receipt } : {}));
  // A receipt link followed while the page is open searches for that receipt.
  const [shownReceipt, setShownReceipt] = useState(receipt);
  if (receipt !== shownReceipt) {
    setShownReceipt(receipt);
    setFilters(receipt ? { q: receipt } : {});
  }
  const onChange = useCallback((f: OrderFilters) => setFilters(f), []);
  const { code, money } = useMoney(language);
  const [openId, setOpenId] = useState<string | null>(null);
  const title = t(archive ? 'route.orderHistory' : 'route.orders');

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="text-sm text-muted-foreground">{t(archive ? 'orders.historySubtitle' : 'orders.subtitle')}</p>
        </div>
        {archive && <ExportOrdersButton filters={filters} currency={code} />}
      </header>
      <OrderFiltersBar key={shownReceipt} filters={filters} onChange={onChange} currency={code} />
      <OrdersList filters={filters} money={money} onOpen={setOpenId} />
      <OrderDetailsSheet orderId={openId} onClose={() => setOpenId(null)} onOpen={setOpenId} money={money} allowReturn={!archive} />
    </section>
  );
}
