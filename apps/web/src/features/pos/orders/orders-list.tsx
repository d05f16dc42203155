import { column, DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoment } from '../sessions/pos-format';
import { useOrderList, type OrderFilters, type PosOrderSummary } from './orders-api';
import { KindBadge, PlacementBadge } from './order-badges';

/** Orders matching the filters, newest first, with "Load more" for the next page; a receipt number opens the order. */
export function OrdersList({
  filters,
  money,
  onOpen,
}: {
  filters: OrderFilters;
  money: (minor: number) => string;
  onOpen: (id: string) => void;
}) {
  const { t, language } = useI18n();
  const list = useOrderList(filters);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');

  const columns = [
    column<PosOrderSummary>({
      id: 'receipt',
      header: t('orders.col.receipt'),
      rowHeader: true,
      card: 'title',
      cell: (o) => (
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          dir="ltr"
          onClick={() => onOpen(o.id)}
          aria-label={t('orders.openOrder', { number: o.receiptNumber })}
        >
          {o.receiptNumber}
        </button>
      ),
    }),
    column<PosOrderSummary>({
      id: 'kind',
      header: t('orders.col.kind'),
      card: 'field',
      cell: (o) => (
        <span className="flex flex-wrap gap-1">
          <KindBadge kind={o.kind} />
          <PlacementBadge placement={o.placement} />
        </span>
      ),
    }),
    column<PosOrderSummary>({
      id: 'soldAt',
      header: t('orders.col.soldAt'),
      card: 'field',
      cellClassName: 'whitespace-nowrap',
      cell: (o) => formatMoment(o.soldAt, language),
    }),
    column<PosOrderSummary>({ id: 'register', header: t('orders.col.register'), card: 'field', cell: (o) => o.registerName }),
    column<PosOrderSummary>({ id: 'cashier', header: t('orders.col.cashier'), cell: (o) => o.cashierName ?? '' }),
    column<PosOrderSummary>({ id: 'customer', header: t('orders.col.customer'), cellProps: { dir: 'auto' }, cell: (o) => o.customerName }),
    column<PosOrderSummary>({
      id: 'items',
      header: t('orders.col.items'),
      align: 'end',
      cellClassName: 'tabular-nums whitespace-nowrap',
      cell: (o) => `${o.lineCount} / ${o.vendorCount}`,
    }),
    column<PosOrderSummary>({
      id: 'tenders',
      header: t('orders.col.tenders'),
      cell: (o) => o.tenders.map((k) => t(`pos.tender.${k}`)).join(', '),
    }),
    column<PosOrderSummary>({
      id: 'total',
      header: t('orders.col.total'),
      align: 'end',
      card: 'field',
      cellClassName: 'tabular-nums font-medium',
      cell: (o) => money(o.total),
    }),
  ];

  return (
    <div className="flex flex-col gap-3">
      <DataTable
        columns={columns}
        data={rows}
        query={{ isPending: list.isPending, error: list.error, refetch: list.refetch }}
        errorLabel={t('orders.loadFailed')}
        empty={filtered ? t('orders.emptyFiltered') : t('orders.empty')}
        caption={t('orders.caption')}
        tableClassName="min-w-[60rem]"
        rowProps={(o) => ({ 'data-testid': `order-${o.receiptNumber}` })}
      />
      {rows.length > 0 && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {t(list.hasNextPage ? 'orders.shownMore' : 'orders.shownAll', { count: rows.length })}
        </p>
      )}
      {list.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t('common.loading') : t('orders.loadMore')}
        </Button>
      )}
    </div>
  );
}
