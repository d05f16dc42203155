import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { numberFormat } from '../../../app/i18n/locale-format';
import { formatMoney, minorDigits } from '../../payment-management';
import type { ChartPoint } from './report-model';

/**
 * The theme's colours (index.css) by CSS variable, so the chart follows the light, sea and dark themes. This period is
 * the primary colour, the previous one the muted text colour, lighter.
 */
export const CHART_THEME = {
  current: 'var(--primary)',
  previous: 'var(--muted-foreground)',
  grid: 'var(--border)',
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  tooltip: {
    contentStyle: {
      background: 'var(--card)',
      border: '1px solid var(--border)',
      borderRadius: 'var(--radius)',
      color: 'var(--foreground)',
    },
    cursor: { fill: 'var(--muted)', fillOpacity: 0.5 },
  },
} as const;

/** Amounts on an axis: the major unit in short form (12K), Western digits. */
export const axisMoney = (minor: number, currency: string | null, language: string) =>
  numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(minor / 10 ** minorDigits(currency));

/**
 * Net sales of this period beside the previous period's: a line per period over days, bars over hours, horizontal bars
 * for the other groups. In Arabic the time axis runs from the right and the amounts stand on the right.
 */
export function SalesChart({
  points,
  variant,
  currency,
  height = 288,
  labels,
}: {
  points: ChartPoint[];
  variant: 'line' | 'bar' | 'horizontal';
  currency: string | null;
  height?: number;
  labels: { net: string; previous: string };
}) {
  const { language, direction } = useI18n();
  const rtl = direction === 'rtl';
  const money = (v: unknown) => formatMoney(Number(v), currency, language);
  const short = (v: unknown) => axisMoney(Number(v), currency, language);
  const tooltip = <Tooltip formatter={money} contentStyle={CHART_THEME.tooltip.contentStyle} cursor={CHART_THEME.tooltip.cursor} />;
  const legend = <Legend wrapperStyle={{ fontSize: 12 }} />;
  const grid = (
    <CartesianGrid
      stroke={CHART_THEME.grid}
      strokeDasharray="3 3"
      vertical={variant === 'horizontal'}
      horizontal={variant !== 'horizontal'}
    />
  );
  // A first size until the container is measured (and the size in tests, where nothing is laid out).
  const initial = { width: 640, height };
  const margin = { top: 8, right: 8, bottom: 8, left: 8 };

  if (variant === 'line')
    return (
      <ResponsiveContainer width="100%" height={height} initialDimension={initial}>
        <LineChart data={points} margin={margin}>
          {grid}
          <XAxis dataKey="label" reversed={rtl} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} minTickGap={16} />
          <YAxis orientation={rtl ? 'right' : 'left'} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} tickFormatter={short} width={56} />
          {tooltip}
          {legend}
          <Line
            dataKey="previousNet"
            name={labels.previous}
            stroke={CHART_THEME.previous}
            strokeDasharray="4 4"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="net"
            name={labels.net}
            stroke={CHART_THEME.current}
            strokeWidth={2}
            dot={points.length <= 31}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    );

  const horizontal = variant === 'horizontal';
  const chartHeight = horizontal ? Math.max(height, points.length * 36 + 64) : height;
  return (
    <ResponsiveContainer width="100%" height={chartHeight} initialDimension={{ ...initial, height: chartHeight }}>
      <BarChart data={points} layout={horizontal ? 'vertical' : 'horizontal'} margin={margin} barGap={2}>
        {grid}
        {horizontal ? (
          <XAxis type="number" reversed={rtl} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} tickFormatter={short} />
        ) : (
          <XAxis dataKey="label" reversed={rtl} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} interval="preserveStartEnd" />
        )}
        {horizontal ? (
          <YAxis
            type="category"
            dataKey="label"
            orientation={rtl ? 'right' : 'left'}
            tick={CHART_THEME.tick}
            stroke={CHART_THEME.grid}
            width={128}
          />
        ) : (
          <YAxis orientation={rtl ? 'right' : 'left'} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} tickFormatter={short} width={56} />
        )}
        {tooltip}
        {legend}
        <Bar dataKey="previousNet" name={labels.previous} fill={CHART_THEME.previous} fillOpacity={0.35} isAnimationActive={false} />
        <Bar dataKey="net" name={labels.net} fill={CHART_THEME.current} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
