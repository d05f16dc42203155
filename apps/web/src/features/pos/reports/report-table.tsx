import { Link } from 'react-router';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatNumber } from '../../../app/i18n/locale-format';
import { formatMoney } from '../../payment-management';
import { change, type ReportLine } from './report-model';
import { formatChange } from './report-totals';
import type { ReportGroup } from './reports-api';

/** The report's rows; each names its group and opens the orders behind it. */
export function ReportTable({ lines, group, currency }: { lines: ReportLine[]; group: ReportGroup; currency: string | null }) {
  const { t, language } = useI18n();
  const money = (n: number) => formatMoney(n, currency, language);
  const amount = (id: 'gross' | 'returns' | 'net' | 'previousNet') =>
    column<ReportLine>({
      id,
      header: t(`posReports.col.${id}`),
      card: 'field',
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (l) => money(l[id]),
    });
  const columns: ColumnDef<ReportLine>[] = [
    column({
      id: 'label',
      header: t(`posReports.groupBy.${group}`),
      rowHeader: true,
      card: 'title',
      cell: (l) => (
        <Link
          to={l.href}
          className="font-medium text-primary underline-offset-4 hover:underline"
          title={t('posReports.row.open', { label: l.label })}
        >
          <bdi>{l.label}</bdi>
        </Link>
      ),
    }),
    column({
      id: 'orders',
      header: t('posReports.col.orders'),
      card: 'field',
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (l) => formatNumber(l.orders, language),
    }),
    amount('gross'),
    amount('returns'),
    amount('net'),
    amount('previousNet'),
    column({
      id: 'change',
      header: t('posReports.col.change'),
      card: 'field',
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (l) => {
        const c = change(l.net, l.previousNet);
        return c === null ? <span className="text-muted-foreground">—</span> : formatChange(c, language);
      },
    }),
  ];
  return (
    <DataTable
      columns={columns}
      data={lines}
      getRowId={(l) => l.key || '-'}
      caption={t('posReports.table.caption', { group: t(`posReports.groupBy.${group}`) })}
      tableClassName="min-w-[48rem]"
      testId="report-table"
    />
  );
}
