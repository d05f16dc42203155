import { column, DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay } from '../../payment-management';
import { formatMoment } from '../sessions/pos-format';
import { FulfilmentBadge, StateBadge } from './customer-order-badges';
import { dueOf, useCustomerOrderList, type CustomerOrderFilters, type CustomerOrderSummary } from './customer-orders-api';

/** Customer orders matching the filters, newest first, with "Load more" for the next page; a number opens the order. */
export function CustomerOrdersList({
  filters,
  money,
  onOpen,
}: {
  filters: CustomerOrderFilters;
  money: (minor: number) => string;
  onOpen: (id: string) => void;
}) {
  const { t, language } = useI18n();
  const list = useCustomerOrderList(filters);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  const open = (o: CustomerOrderSummary) => o.state !== 'completed' && o.state !== 'cancelled';

  const columns = [
    column<CustomerOrderSummary>({
      id: 'number',
      header: t('customerOrders.col.number'),
      rowHeader: true,
      card: 'title',
      cell: (o) => (
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          dir="ltr"
          onClick={() => onOpen(o.id)}
          aria-label={t('customerOrders.openOrder', { number: o.number })}
        >
          {o.number}
        </button>
      ),
    }),
    column<CustomerOrderSummary>({
      id: 'state',
      header: t('customerOrders.col.state'),
      card: 'field',
      cell: (o) => <StateBadge state={o.state} />,
    }),
    column<CustomerOrderSummary>({
      id: 'fulfilment',
      header: t('customerOrders.col.fulfilment'),
      card: 'field',
      cell: (o) => <FulfilmentBadge fulfilment={o.fulfilment} />,
    }),
    column<CustomerOrderSummary>({
      id: 'customer',
      header: t('customerOrders.col.customer'),
      card: 'field',
      cellProps: { dir: 'auto' },
      cell: (o) => o.customerName,
    }),
    column<CustomerOrderSummary>({ id: 'register', header: t('customerOrders.col.register'), cell: (o) => o.registerName }),
    column<CustomerOrderSummary>({
      id: 'dueOn',
      header: t('customerOrders.col.dueOn'),
      card: 'field',
      cellClassName: 'whitespace-nowrap',
      cell: (o) => formatDay(o.dueOn, language) || '—',
    }),
    column<CustomerOrderSummary>({
      id: 'total',
      header: t('customerOrders.col.total'),
      align: 'end',
      card: 'field',
      cellClassName: 'tabular-nums font-medium',
      cell: (o) => money(o.total),
    }),
    column<CustomerOrderSummary>({
      id: 'due',
      header: t('customerOrders.col.due'),
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (o) => (open(o) ? money(dueOf(o)) : '—'),
    }),
    column<CustomerOrderSummary>({
      id: 'createdAt',
      header: t('customerOrders.col.createdAt'),
      cellClassName: 'whitespace-nowrap',
      cell: (o) => formatMoment(o.createdAt, language),
    }),
  ];

  return (
    <div className="flex flex-col gap-3">
      <DataTable
        columns={columns}
        data={rows}
        query={{ isPending: list.isPending, error: list.error, refetch: list.refetch }}
        errorLabel={t('customerOrders.loadFailed')}
        empty={filtered ? t('customerOrders.emptyFiltered') : t('customerOrders.empty')}
        caption={t('customerOrders.caption')}
        tableClassName="min-w-[56rem]"
        rowProps={(o) => ({ 'data-testid': `customer-order-${o.number}` })}
      />
      {rows.length > 0 && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {t(list.hasNextPage ? 'customerOrders.shownMore' : 'customerOrders.shownAll', { count: rows.length })}
        </p>
      )}
      {list.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t('common.loading') : t('customerOrders.loadMore')}
        </Button>
      )}
    </div>
  );
}
