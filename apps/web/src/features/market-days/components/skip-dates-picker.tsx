import { useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDayMonth, formatMonth, monthOf } from '../market-days-dates';

/** The dates of the rule, month by month; pressing a date skips it (pressed) or plans it again. */
export function SkipDatesPicker({
  dates,
  skipped,
  onChange,
}: {
  dates: string[];
  skipped: string[];
  onChange: (skipped: string[]) => void;
}) {
  const { t, language } = useI18n();
  const months = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const d of dates) m.set(monthOf(d), [...(m.get(monthOf(d)) ?? []), d]);
    return [...m];
  }, [dates]);
  if (!dates.length) return <p className="text-sm text-muted-foreground">{t('marketDays.series.noDatesYet')}</p>;
  const toggle = (d: string) => onChange(skipped.includes(d) ? skipped.filter((x) => x !== d) : [...skipped, d].sort());
  return (
    <div className="flex max-h-56 flex-col gap-2 overflow-y-auto rounded-md border p-2" data-testid="skip-dates">
      {months.map(([month, list]) => (
        <div key={month} className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">{formatMonth(month, language)}</span>
          <div className="flex flex-wrap gap-1">
            {list.map((d) => {
              const skip = skipped.includes(d);
              return (
                <button
                  key={d}
                  type="button"
                  aria-pressed={skip}
                  title={skip ? t('marketDays.series.skipped') : t('marketDays.series.plannedDate')}
                  onClick={() => toggle(d)}
                  className={cn(
                    'rounded-md border px-2 py-1 text-xs tabular-nums focus-visible:outline-2 focus-visible:outline-ring',
                    skip ? 'border-dashed bg-muted text-muted-foreground line-through' : 'bg-emerald-500/10 hover:bg-emerald-500/20',
                  )}
                >
                  <span className="sr-only">{skip ? t('marketDays.series.skipped') : t('marketDays.series.plannedDate')}: </span>
                  {formatDayMonth(d, language)}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
