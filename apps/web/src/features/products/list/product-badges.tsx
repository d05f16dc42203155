import { memo } from 'react';
import { cn } from '../../../lib/cn';
import type { ProductStatus } from '@market/contracts/plain';

const STATUS_CLASS: Record<ProductStatus, string> = {
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  archived: 'bg-muted text-foreground',
};

export const StatusBadge = memo(function StatusBadge({ status, label }: { status: ProductStatus; label: string }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASS[status])}>{label}</span>;
});

/** A small bar with the percentage; colour changes at 50 and 100. */
export const CompletenessBar = memo(function CompletenessBar({ score, label }: { score: number; label?: string }) {
  const colour = score >= 100 ? 'bg-emerald-600' : score >= 50 ? 'bg-amber-500' : 'bg-red-600';
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span className="h-1.5 w-14 shrink-0 overflow-hidden rounded-full bg-muted" aria-hidden>
        <span className={cn('block h-full', colour)} style={{ width: `${Math.max(0, Math.min(100, score))}%` }} />
      </span>
      <span className="text-xs tabular-nums">{label ?? `${score}%`}</span>
    </span>
  );
});
