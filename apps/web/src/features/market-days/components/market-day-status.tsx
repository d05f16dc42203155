import { cn } from '../../../lib/cn';
import { useT } from '../../../app/i18n/i18n-provider';
import type { MarketDayStatus } from '../market-days-api';

/** Status colours: the same on the calendar, the list and the dashboard card (with text, never colour alone). */
export const STATUS_CLASS: Record<MarketDayStatus, string> = {
  draft: 'border-slate-400/60 bg-slate-500/10 text-slate-700 dark:text-slate-200',
  published: 'border-emerald-500/60 bg-emerald-500/15 text-emerald-800 dark:text-emerald-200',
  completed: 'border-sky-500/60 bg-sky-500/15 text-sky-800 dark:text-sky-200',
  cancelled: 'border-red-500/60 bg-red-500/10 text-red-800 line-through decoration-1 dark:text-red-200',
};

/** Solid swatches where there is no text to carry the colour (calendar dots on a phone, the legend). */
export const STATUS_DOT: Record<MarketDayStatus, string> = {
  draft: 'bg-slate-400',
  published: 'bg-emerald-500',
  completed: 'bg-sky-500',
  cancelled: 'bg-red-500',
};

export function MarketDayStatusBadge({ status, className }: { status: MarketDayStatus; className?: string }) {
  const t = useT();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium no-underline',
        STATUS_CLASS[status].replace('line-through', ''),
        className,
      )}
    >
      {t(`marketDays.status.${status}`)}
    </span>
  );
}
