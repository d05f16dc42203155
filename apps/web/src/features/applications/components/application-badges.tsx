import type { ApplicationStatus } from '@market/contracts/plain';
import { cn } from '../../../lib/cn';
import { useI18n } from '../../../app/i18n/i18n-provider';

export const STATUS_CLASS: Record<ApplicationStatus, string> = {
  submitted: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  under_review: 'bg-violet-100 text-violet-800 dark:bg-violet-900/40 dark:text-violet-200',
  info_requested: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  waitlisted: 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  withdrawn: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
};

/** The application's status in words and colour; `data-status` carries the raw value for tests. */
export function ApplicationStatusBadge({ status, className }: { status: ApplicationStatus; className?: string }) {
  const { t } = useI18n();
  return (
    <span
      data-testid="application-status"
      data-status={status}
      className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASS[status], className)}
    >
      {t(`review.status.${status}`)}
    </span>
  );
}

/** A category in its own colour (categories always carry a #rrggbb colour). */
export function CategoryChip({ name, colour }: { name: string; colour: string }) {
  return (
    <span
      className="inline-flex max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs"
      style={{ borderColor: colour, backgroundColor: `${colour}1f` }}
    >
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: colour }} />
      <span className="truncate">{name}</span>
    </span>
  );
}

const DOC_CLASS = {
  pending: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  valid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  declined: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  expired: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
} as const;

export function DocumentStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  const known = status in DOC_CLASS ? (status as keyof typeof DOC_CLASS) : 'pending';
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', DOC_CLASS[known])}>
      {t(`review.docStatus.${known}`)}
    </span>
  );
}
