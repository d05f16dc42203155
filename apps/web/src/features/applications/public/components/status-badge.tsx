import type { ApplicationStatus } from '@market/contracts';
import { cn } from '../../../../lib/cn';
import { useI18n } from '../../../../app/i18n/i18n-provider';

const STATUS_CLASS: Record<ApplicationStatus, string> = {
  submitted: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  under_review: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/40 dark:text-indigo-200',
  info_requested: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  waitlisted: 'bg-violet-100 text-violet-800 dark:bg-violet-900/40 dark:text-violet-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  withdrawn: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
};

export function ApplicationStatusBadge({ status, testId }: { status: ApplicationStatus; testId?: string }) {
  const { t } = useI18n();
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium', STATUS_CLASS[status])}
    >
      {t(`apply.status.${status}`)}
    </span>
  );
}

const DOC_CLASS = {
  pending: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  valid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  declined: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
} as const;

export function DocumentReviewBadge({ status }: { status: keyof typeof DOC_CLASS }) {
  const { t } = useI18n();
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', DOC_CLASS[status])}>
      {t(`apply.docStatus.${status}`)}
    </span>
  );
}
