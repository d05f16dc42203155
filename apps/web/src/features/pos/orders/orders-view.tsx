import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { POS_TENDERS, type PosTender } from '@market/contracts/plain';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMoney } from '../sessions/pos-format';
import { ExportOrdersButton } from './export-orders';
import { OrderDetailsSheet } from './order-details-sheet';
import { OrderFiltersBar } from './order-filters';
import { OrdersList } from './orders-list';
import type { OrderFilters } from './orders-api';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters a link carries: receipt (the search), from, to, registerId, vendorId, tender and kind; anything malformed is left out. */
function filtersOf(params: URLSearchParams): OrderFilters {
  const f: OrderFilters = {};
  const receipt = params.get('receipt')?.trim();
  if (receipt) f.q = receipt;
  for (const k of ['from', 'to'] as const) {
    const v = params.get(k);
    if (v && DATE.test(v)) f[k] = v;
  }
  for (const k of ['registerId', 'vendorId'] as const) {
    const v = params.get(k);
    if (v && UUID.test(v)) f[k] = v;
  }
  const tender = params.get('tender');
  if (tender && (POS_TENDERS as readonly string[]).includes(tender)) f.tender = tender as PosTender;
  const kind = params.get('kind');
  if (kind === 'sale' || kind === 'return') f.kind = kind;
  return f;
}

/**
 * The orders of every register, newest first, with their filters; an order opens in a side panel. The
 * orders page (`archive` false) returns items of a sale from there; the history (`archive`) only reads, and
 * exports the filtered list as CSV or XLSX. `?receipt=<number>` (where a receipt's QR code points) searches for it; a report's row links with its dates, register, vendor or tender.
 */
export function OrdersView({ archive }: { archive: boolean }) {
  const { t, language } = useI18n();
  const [params] = useSearchParams();
  // A link (a receipt's QR code, a report's row) sets the starting filters; following another one while the
  // page is open starts again from its filters.
  const linked = params.toString();
  const [filters, setFilters] = useState<OrderFilters>(() => filtersOf(params));
  const [shownLink, setShownLink] = useState(linked);
  if (linked !== shownLink) {
    setShownLink(linked);
    setFilters(filtersOf(params));
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
      <OrderFiltersBar key={shownLink} filters={filters} onChange={onChange} currency={code} />
      <OrdersList filters={filters} money={money} onOpen={setOpenId} />
      <OrderDetailsSheet orderId={openId} onClose={() => setOpenId(null)} onOpen={setOpenId} money={money} allowReturn={!archive} />
    </section>
  );
}
