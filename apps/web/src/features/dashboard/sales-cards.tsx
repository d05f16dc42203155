import { posRoutes, type QueryOf } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { CalendarRange, Store, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, numberFormat } from '../../app/i18n/locale-format';
import { SectionCard } from '../../components/ui/section-card';
import { api } from '../../lib/api';
import { formatMoney, minorDigits, useBaseCurrency } from '../payment-management';
import { CardStatus } from './dashboard-card';

// The dashboard's sales (vendor managers): today against yesterday, this week against the same days of last week, and
// the week's top vendors, from the point of sale's sales report. Loaded apart (recharts stays out of the dashboard's
// first files) and only for callers who may read the report. Days are UTC days, as the report counts them.

type SalesQuery = QueryOf<typeof posRoutes.salesReport>;
type Point = { key: string; label: string; now: number; before: number };

const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (day: string) => shift(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

function useSales(query: SalesQuery) {
  return useQuery({
    queryKey: ['dashboard', 'sales', query] as const,
    queryFn: () => api(posRoutes.salesReport, { query }),
    staleTime: 60_000,
  });
}

const THEME = {
  now: 'var(--primary)',
  before: 'var(--muted-foreground)',
  grid: 'var(--border)',
  tick: { fill: 'var(--muted-foreground)', fontSize: 11 },
  tooltip: { background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 'var(--radius)', color: 'var(--foreground)' },
} as const;

/** A small bar chart of net sales, this period beside the one before; in Arabic the axis runs from the right. */
function MiniBars({
  points,
  labels,
  currency,
  horizontal,
}: {
  points: Point[];
  labels: { now: string; before?: string };
  currency: string | null;
  horizontal?: boolean;
}) {
  const { language, direction } = useI18n();
  const rtl = direction === 'rtl';
  const money = (v: unknown) => formatMoney(Number(v), currency, language);
  const short = (v: unknown) =>
    numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(Number(v) / 10 ** minorDigits(currency));
  const height = horizontal ? points.length * 28 + 24 : 140;
  return (
    <div aria-hidden>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        <BarChart
          data={points}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 4, right: 4, bottom: 0, left: 4 }}
          barGap={1}
          // The chart only draws what the card says in text (it is hidden from assistive technology), so it must not
          // take the keyboard's focus either.
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={THEME.grid} strokeDasharray="3 3" vertical={!!horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <XAxis type="number" hide reversed={rtl} />
          ) : (
            <XAxis dataKey="label" reversed={rtl} tick={THEME.tick} stroke={THEME.grid} interval="preserveStartEnd" />
          )}
          {horizontal ? (
            <YAxis type="category" dataKey="label" orientation={rtl ? 'right' : 'left'} tick={THEME.tick} stroke={THEME.grid} width={96} />
          ) : (
            <YAxis orientation={rtl ? 'right' : 'left'} tick={THEME.tick} stroke={THEME.grid} tickFormatter={short} width={40} />
          )}
          <Tooltip formatter={money} contentStyle={THEME.tooltip} cursor={{ fill: 'var(--muted)', fillOpacity: 0.5 }} />
          {labels.before && <Bar dataKey="before" name={labels.before} fill={THEME.before} fillOpacity={0.35} isAnimationActive={false} />}
          <Bar dataKey="now" name={labels.now} fill={THEME.now} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const percent = (now: number, before: number, language: string) =>
  before === 0
    ? null
    : numberFormat(language, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(
        (now - before) / Math.abs(before),
      );

function Card({
  icon,
  title,
  testId,
  pending,
  error,
  onRetry,
  children,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  pending: boolean;
  error: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <SectionCard icon={icon} title={title} testId={testId}>
      <CardStatus pending={pending} error={error} onRetry={onRetry} />
      {!pending && !error && children}
    </SectionCard>
  );
}

/** Sales today, this week against last week by day, and the week's top 5 vendors. */
export default function SalesCards({ today = new Date().toISOString().slice(0, 10) }: { today?: string }) {
  const { t, language } = useI18n();
  const currency = useBaseCurrency().data ?? null;
  const monday = mondayOf(today);
  const day = useSales({ from: today, to: today, groupBy: 'hour' });
  const week = useSales({ from: monday, to: today, groupBy: 'day' });
  // The same weekdays of last week, day by day for the chart and as the vendors' period to compare with.
  const sameDaysLastWeek = { from: shift(monday, -7), to: shift(today, -7) };
  const lastWeek = useSales({ ...sameDaysLastWeek, groupBy: 'day' });
  const vendors = useSales({
    from: monday,
    to: today,
    groupBy: 'vendor',
    compareFrom: sameDaysLastWeek.from,
    compareTo: sameDaysLastWeek.to,
  });
  const money = (n: number) => formatMoney(n, currency, language);
  const weekday = (d: string) => dateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

  const hours: Point[] = (day.data?.rows ?? []).map((r) => ({ key: r.key, label: `${r.key}:00`, now: r.net, before: r.previousNet }));
  const weekDays: Point[] = Array.from({ length: 7 }, (_, i) => shift(monday, i))
    .filter((d) => d <= today)
    .map((d) => ({
      key: d,
      label: weekday(d),
      now: week.data?.rows.find((r) => r.key === d)?.net ?? 0,
      before: lastWeek.data?.rows.find((r) => r.key === shift(d, -7))?.net ?? 0,
    }));
  const top: Point[] = (vendors.data?.rows ?? [])
    .filter((r) => r.net > 0)
    .slice(0, 5)
    .map((r) => ({ key: r.key, label: r.labelEn || t('posReports.label.noVendor'), now: r.net, before: r.previousNet }));

  const todayNet = day.data?.totals.net ?? 0;
  const yesterdayNet = day.data?.previousTotals.net ?? 0;
  const todayChange = percent(todayNet, yesterdayNet, language);
  const weekNet = week.data?.totals.net ?? 0;
  const lastWeekNet = lastWeek.data?.totals.net ?? 0;
  const weekChange = percent(weekNet, lastWeekNet, language);

  return (
    <>
      <Card
        icon={<TrendingUp className="size-4" aria-hidden />}
        title={t('posReports.dashboard.todayTitle')}
        testId="sales-today"
        pending={day.isPending}
        error={day.isError}
        onRetry={() => void day.refetch()}
      >
        <div className="text-3xl font-semibold tabular-nums">{money(todayNet)}</div>
        <p className="text-sm text-muted-foreground">
          {todayChange === null
            ? t('posReports.dashboard.noYesterday')
            : t('posReports.dashboard.todayVs', { change: todayChange, amount: money(yesterdayNet) })}
        </p>
        {hours.length > 0 && (
          <MiniBars
            points={hours}
            currency={currency}
            labels={{ now: t('posReports.dashboard.series.today'), before: t('posReports.dashboard.series.yesterday') }}
          />
        )}
      </Card>
      <Card
        icon={<CalendarRange className="size-4" aria-hidden />}
        title={t('posReports.dashboard.weekTitle')}
        testId="sales-week"
        pending={week.isPending || lastWeek.isPending}
        error={week.isError || lastWeek.isError}
        onRetry={() => void Promise.all([week.refetch(), lastWeek.refetch()])}
      >
        <p className="text-sm text-muted-foreground">
          {weekChange === null
            ? t('posReports.dashboard.weekNoPrevious', { amount: money(weekNet) })
            : t('posReports.dashboard.weekVs', { amount: money(weekNet), change: weekChange, previous: money(lastWeekNet) })}
        </p>
        <MiniBars
          points={weekDays}
          currency={currency}
          labels={{ now: t('posReports.dashboard.series.thisWeek'), before: t('posReports.dashboard.series.lastWeek') }}
        />
      </Card>
      <Card
        icon={<Store className="size-4" aria-hidden />}
        title={t('posReports.dashboard.vendorsTitle')}
        testId="sales-top-vendors"
        pending={vendors.isPending}
        error={vendors.isError}
        onRetry={() => void vendors.refetch()}
      >
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('posReports.dashboard.vendorsEmpty')}</p>
        ) : (
          <>
            <MiniBars horizontal points={top} currency={currency} labels={{ now: t('posReports.dashboard.series.net') }} />
            <ol className="mt-2 flex flex-col gap-1 text-sm">
              {top.map((v) => (
                <li key={v.key} className="flex justify-between gap-2">
                  <bdi>{v.label}</bdi>
                  <span className="tabular-nums text-muted-foreground">{money(v.now)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
        <Link
          to="/pos/reports?range=thisWeek&groupBy=vendor"
          className="mt-3 inline-block text-sm text-primary underline-offset-4 hover:underline"
        >
          {t('posReports.dashboard.openReports')}
        </Link>
      </Card>
    </>
  );
}
