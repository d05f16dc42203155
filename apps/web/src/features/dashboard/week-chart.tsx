import { useId } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatLocale } from '../../app/i18n/locale-format';

type Week = { weekStart: string; count: number };

const BAR = 8;
const GAP = 3;
const HEIGHT = 48;

const formatWeek = (weekStart: string, language: string) =>
  new Date(`${weekStart}T00:00:00Z`).toLocaleDateString(formatLocale(language), { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * A small bar chart of weekly counts, oldest at the start (the left in English, the right in Arabic).
 * Inline SVG, no chart library; the figures are also in a visually hidden table for screen readers.
 */
export function WeekChart({ title, weeks }: { title: string; weeks: Week[] }) {
  const { t, language, direction } = useI18n();
  const captionId = useId();
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const total = weeks.reduce((n, w) => n + w.count, 0);
  const width = weeks.length * (BAR + GAP) - GAP;
  const summary = t('dashboard.chart.summary', { weeks: weeks.length, total });
  return (
    <figure className="flex flex-col gap-2" data-testid="week-chart">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="h-16 w-full" preserveAspectRatio="none" aria-hidden focusable="false">
        {weeks.map((w, i) => {
          const h = w.count === 0 ? 1 : Math.max(3, (w.count / max) * HEIGHT);
          const slot = direction === 'rtl' ? weeks.length - 1 - i : i;
          return (
            <rect
              key={w.weekStart}
              x={slot * (BAR + GAP)}
              y={HEIGHT - h}
              width={BAR}
              height={h}
              rx={1.5}
              className={w.count === 0 ? 'fill-muted' : 'fill-primary'}
            >
              <title>{`${formatWeek(w.weekStart, language)}: ${w.count}`}</title>
            </rect>
          );
        })}
      </svg>
      {weeks.length > 0 && (
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
          <span>{formatWeek(weeks[0]!.weekStart, language)}</span>
          <span>{formatWeek(weeks[weeks.length - 1]!.weekStart, language)}</span>
        </div>
      )}
      <figcaption id={captionId} className="text-sm text-muted-foreground">
        {total === 0 ? t('dashboard.chart.empty', { weeks: weeks.length }) : summary}
      </figcaption>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.chart.week')}</th>
            <th scope="col">{t('dashboard.chart.count')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <td>{formatWeek(w.weekStart, language)}</td>
              <td>{w.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
