import { useState } from 'react';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../payment-management';
import { PayoutDialog } from './payout-dialog';
import { useSettlement, type SettlementRow } from './settlement-api';

/** The balance in words: below 0 the operator owes the vendor, above 0 the vendor owes (its market fees, say). */
function Balance({ row, currency }: { row: SettlementRow; currency: string | null }) {
  const { t, language } = useI18n();
  const state = row.balance < 0 ? 'owedTo' : row.balance > 0 ? 'owedBy' : 'settled';
  return (
    <div className="flex flex-col items-end gap-0.5">
      <span className="tabular-nums font-medium">{formatMoney(Math.abs(row.balance), currency, language)}</span>
      <span
        className={cn(
          'rounded-full px-2 py-0.5 text-xs',
          state === 'owedTo' && 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
          state === 'owedBy' && 'bg-muted text-muted-foreground',
          state === 'settled' && 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
        )}
      >
        {t(`posReports.settlement.${state}`)}
      </span>
    </div>
  );
}

/** Per vendor: register sales, returns, commission, payouts and the balance; a payout settles what is owed. */
export function SettlementTab({ currency }: { currency: string | null }) {
  const { t, language } = useI18n();
  const rows = useSettlement();
  const [paying, setPaying] = useState<SettlementRow | null>(null);
  const money = (id: 'sales' | 'returns' | 'commission' | 'payouts') =>
    column<SettlementRow>({
      id,
      header: t(`posReports.settlement.col.${id}`),
      card: 'field',
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (r) => formatMoney(r[id], currency, language),
    });
  const columns: ColumnDef<SettlementRow>[] = [
    column({
      id: 'vendor',
      header: t('posReports.settlement.col.vendor'),
      rowHeader: true,
      card: 'title',
      cell: (r) => <bdi>{r.vendorName}</bdi>,
    }),
    money('sales'),
    money('returns'),
    money('commission'),
    money('payouts'),
    column({
      id: 'balance',
      header: t('posReports.settlement.col.balance'),
      card: 'field',
      align: 'end',
      cell: (r) => <Balance row={r} currency={currency} />,
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('posReports.settlement.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (r) => (
        <Button
          size="sm"
          variant={r.balance < 0 ? 'default' : 'outline'}
          aria-label={t('posReports.settlement.payLabel', { vendor: r.vendorName })}
          onClick={() => setPaying(r)}
        >
          {t('posReports.settlement.pay')}
        </Button>
      ),
    }),
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-sm text-muted-foreground">{t('posReports.settlement.subtitle')}</p>
      <DataTable
        columns={columns}
        query={rows}
        getRowId={(r) => r.vendorId}
        errorLabel={t('posReports.settlement.loadFailed')}
        empty={t('posReports.settlement.empty')}
        caption={t('posReports.settlement.title')}
        tableClassName="min-w-[52rem]"
        testId="settlement"
      />
      {paying && <PayoutDialog row={paying} currency={currency} onClose={() => setPaying(null)} />}
    </div>
  );
}
