import type { InvoiceState } from '@market/contracts/plain';
import { useT } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';

/** State colours (always with the word, never colour alone). */
const STATE_CLASS: Record<InvoiceState, string> = {
  draft: 'border-slate-400/60 bg-slate-500/10 text-slate-700 dark:text-slate-200',
  issued: 'border-amber-500/60 bg-amber-500/15 text-amber-800 dark:text-amber-200',
  partially_paid: 'border-sky-500/60 bg-sky-500/15 text-sky-800 dark:text-sky-200',
  paid: 'border-emerald-500/60 bg-emerald-500/15 text-emerald-800 dark:text-emerald-200',
  overdue: 'border-red-500/60 bg-red-500/10 text-red-800 dark:text-red-200',
  waived: 'border-violet-500/60 bg-violet-500/10 text-violet-800 dark:text-violet-200',
  cancelled: 'border-slate-400/60 bg-slate-500/5 text-slate-600 dark:text-slate-300',
  credited: 'border-teal-500/60 bg-teal-500/10 text-teal-800 dark:text-teal-200',
};

export function InvoiceStateBadge({ state, className }: { state: InvoiceState; className?: string }) {
  const t = useT();
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', STATE_CLASS[state], className)}>
      {t(`pay.state.${state}`)}
    </span>
  );
}
