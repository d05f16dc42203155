import { Download, Loader2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { column, DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { InvoiceStateBadge } from '../components/invoice-state-badge';
import { formatDay } from '../format';
import { formatMoney } from '../money';
import { downloadInvoices, useInvoiceList, type Invoice, type InvoiceFilters } from '../payment-management-api';
import { LedgerCheck } from './ledger-check';
import { OverviewFilters } from './overview-filters';

function ExportMenu({ filters }: { filters: InvoiceFilters }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      await downloadInvoices(filters, format);
    } catch (e) {
      toast.error(t('pay.overview.exportFailed'), { description: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-busy={busy}>
          {busy ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Download className="size-3.5" aria-hidden />}
          {busy ? t('pay.overview.preparing') : t('pay.overview.export')}
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuItem onSelect={() => void run('csv')}>{t('pay.overview.csv')}</MenuItem>
        <MenuItem onSelect={() => void run('xlsx')}>{t('pay.overview.xlsx')}</MenuItem>
      </MenuContent>
    </Menu>
  );
}

/** The payments overview of the market area: invoices by state, day, vendor or overdue, with the totals of the filter. */
export default function PaymentsOverview() {
  const { t, language } = useI18n();
  const [filters, setFilters] = useState<InvoiceFilters>({});
  const onChange = useCallback((f: InvoiceFilters) => setFilters(f), []);
  const list = useInvoiceList(filters);
  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.items);
  const totals = pages[0]?.totals;
  const currency = pages[0]?.currency ?? null;
  const money = (n: number, c: string | null = currency) => formatMoney(n, c, language);

  const columns = [
    column<Invoice>({
      id: 'number',
      header: t('pay.col.number'),
      rowHeader: true,
      card: 'title',
      cell: (i) =>
        i.assignmentId ? (
          <Link to={`/payment-management/${i.assignmentId}`} className="font-medium text-primary hover:underline" dir="ltr">
            {i.number ?? t('pay.invoice.draft')}
          </Link>
        ) : (
          <span dir="ltr">{i.number ?? t('pay.invoice.draft')}</span>
        ),
    }),
    column<Invoice>({ id: 'vendor', header: t('pay.col.vendor'), card: 'field', cell: (i) => i.vendorName }),
    column<Invoice>({ id: 'day', header: t('pay.col.day'), card: 'field', cell: (i) => formatDay(i.marketDate, language) }),
    column<Invoice>({ id: 'due', header: t('pay.col.due'), card: 'field', cell: (i) => formatDay(i.dueDate, language) }),
    column<Invoice>({ id: 'state', header: t('pay.col.state'), card: 'field', cell: (i) => <InvoiceStateBadge state={i.state} /> }),
    column<Invoice>({
      id: 'total',
      header: t('pay.col.total'),
      align: 'end',
      cellClassName: 'tabular-nums',
      card: 'field',
      cell: (i) => money(i.total, i.currency),
    }),
    column<Invoice>({
      id: 'paid',
      header: t('pay.col.paid'),
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (i) => money(i.paid - i.refunded, i.currency),
    }),
    // Without it a waived or credited invoice reads as Total - Paid != Balance.
    column<Invoice>({
      id: 'adjusted',
      header: t('pay.col.adjusted'),
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (i) => money(i.waived + i.credited, i.currency),
    }),
    column<Invoice>({
      id: 'balance',
      header: t('pay.col.balance'),
      align: 'end',
      cellClassName: 'tabular-nums font-medium',
      card: 'field',
      cell: (i) => money(i.balance, i.currency),
    }),
  ];

  return (
    <section className="flex flex-col gap-3" data-testid="payments-overview">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <OverviewFilters filters={filters} onChange={onChange} />
        <ExportMenu filters={filters} />
      </div>
      {totals && (
        <dl
          className="grid grid-cols-2 gap-3 rounded-lg border bg-card p-3 text-sm sm:grid-cols-5"
          aria-live="polite"
          data-testid="overview-totals"
        >
          <div>
            <dt className="text-xs text-muted-foreground">{t('pay.overview.count')}</dt>
            <dd className="font-medium tabular-nums">{totals.count}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('pay.figure.charged')}</dt>
            <dd className="font-medium tabular-nums">{money(totals.charged)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('pay.figure.paidNet')}</dt>
            <dd className="font-medium tabular-nums">{money(totals.paid - totals.refunded)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('pay.figure.adjusted')}</dt>
            <dd className="font-medium tabular-nums">{money(totals.waived + totals.credited)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('pay.figure.balance')}</dt>
            <dd className="font-semibold tabular-nums">{money(totals.balance)}</dd>
          </div>
        </dl>
      )}
      <DataTable
        columns={columns}
        data={rows}
        query={{ isPending: list.isPending, error: list.error, refetch: list.refetch }}
        errorLabel={t('pay.overview.failed')}
        empty={t('pay.overview.empty')}
        caption={t('pay.overview.caption')}
        tableClassName="min-w-[58rem]"
      />
      {list.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t('common.loading') : t('pay.overview.more')}
        </Button>
      )}
      <LedgerCheck currency={currency} />
    </section>
  );
}
