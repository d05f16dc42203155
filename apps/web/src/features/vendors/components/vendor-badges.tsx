import { AlertTriangle, Clock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { VendorDocument, VendorStatus } from '../vendors-api';

const STATUS_CLASS: Record<VendorStatus, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  suspended: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  blocklisted: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  const { t } = useI18n();
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASS[status])}>
      {t(`vendors.status.${status}`)}
    </span>
  );
}

const DOC_CLASS: Record<VendorDocument['status'], string> = {
  pending: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  valid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  declined: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  expired: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
};

export function DocumentStatusBadge({ status }: { status: VendorDocument['status'] }) {
  const { t } = useI18n();
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', DOC_CLASS[status])}>
      {t(`vendors.docStatus.${status}`)}
    </span>
  );
}

/** A category in its own colour (categories always carry a #rrggbb colour). */
export function CategoryChip({ name, colour, inactive }: { name: string; colour: string; inactive?: boolean }) {
  const { t } = useI18n();
  return (
    <span
      className={cn('inline-flex max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs', inactive && 'opacity-60')}
      style={{ borderColor: colour, backgroundColor: `${colour}1f` }}
      title={inactive ? t('vendors.categories.inactive') : undefined}
    >
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: colour }} />
      <span className="truncate">{name}</span>
    </span>
  );
}

/** "Expiring soon" and "expired" flags of a vendor's documents. */
export function DocumentFlags({ expiringSoon, expired }: { expiringSoon: number; expired: number }) {
  const { t } = useI18n();
  return (
    <span className="inline-flex flex-wrap gap-1">
      {expired > 0 && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900/40 dark:text-red-200">
          <AlertTriangle className="size-3" aria-hidden />
          {t('vendors.flag.expired', { count: expired })}
        </span>
      )}
      {expiringSoon > 0 && (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
          <Clock className="size-3" aria-hidden />
          {t('vendors.flag.expiringSoon', { count: expiringSoon })}
        </span>
      )}
    </span>
  );
}
