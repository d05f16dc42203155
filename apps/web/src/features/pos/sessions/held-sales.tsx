import { Link } from 'react-router';
import { column, DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { KindBadge } from '../orders/order-badges';
import { formatMoment } from './pos-format';
import { useHeldOrders } from './sessions-api';

type HeldOrder = NonNullable<ReturnType<typeof useHeldOrders>['data']>['pages'][number]['items'][number];

/** Sales a register made while it had no open session: recorded all the same and held for a manager to see. */
export function HeldSales({ money }: { money: (minor: number) => string }) {
  const { t, language } = useI18n();
  const held = useHeldOrders();
  const pages = held.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.items);
  const read = rows.length;

  const columns = [
    column<HeldOrder>({
      id: 'receipt',
      header: t('posSessions.held.col.receipt'),
      rowHeader: true,
      card: 'title',
      cell: (o) => (
        <Link to={`/orders?receipt=${encodeURIComponent(o.receiptNumber)}`} className="font-medium text-primary hover:underline" dir="ltr">
          {o.receiptNumber}
        </Link>
      ),
    }),
    column<HeldOrder>({ id: 'kind', header: t('posSessions.held.col.kind'), card: 'field', cell: (o) => <KindBadge kind={o.kind} /> }),
    column<HeldOrder>({ id: 'register', header: t('posSessions.held.col.register'), card: 'field', cell: (o) => o.registerName }),
    column<HeldOrder>({
      id: 'soldAt',
      header: t('posSessions.held.col.soldAt'),
      card: 'field',
      cell: (o) => formatMoment(o.soldAt, language),
    }),
    column<HeldOrder>({ id: 'cashier', header: t('posSessions.held.col.cashier'), cell: (o) => o.cashierName ?? '' }),
    column<HeldOrder>({
      id: 'total',
      header: t('posSessions.held.col.total'),
      align: 'end',
      card: 'field',
      cellClassName: 'tabular-nums',
      cell: (o) => money(o.total),
    }),
  ];

  return (
    <section className="flex flex-col gap-2" aria-labelledby="held-sales-title" data-testid="held-sales">
      <div>
        <h2 id="held-sales-title" className="text-lg font-semibold">
          {t('posSessions.held.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('posSessions.held.subtitle')}</p>
      </div>
      <DataTable
        columns={columns}
        data={rows}
        query={{ isPending: held.isPending, error: held.error, refetch: held.refetch }}
        errorLabel={t('posSessions.held.loadFailed')}
        empty={t('posSessions.held.empty')}
        caption={t('posSessions.held.title')}
        tableClassName="min-w-[36rem]"
      />
      {held.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void held.fetchNextPage()}
          disabled={held.isFetchingNextPage}
        >
          {held.isFetchingNextPage ? t('common.loading') : t('posSessions.held.older', { count: read })}
        </Button>
      )}
    </section>
  );
}
