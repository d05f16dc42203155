import { Search, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useI18n } from '../../../app/i18n/i18n-provider';
import {
  APPLICATION_STATUSES,
  SORTS,
  useCategoryOptions,
  useMarketDayOptions,
  type ApplicationStatus,
  type QueueFilters,
  type Sort,
} from '../applications-api';
import { formatDay } from '../format';
import type { QueueParam } from '../use-queue-params';

const box = 'h-9 rounded-md border bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';
const control = `${box} w-full sm:w-auto`;

/** "All" and one chip per status, each with its count; the chosen one is pressed. */
export function StatusChips({
  counts,
  value,
  onChange,
}: {
  counts: Partial<Record<ApplicationStatus, number>> | undefined;
  value: ApplicationStatus | undefined;
  onChange: (s: ApplicationStatus | undefined) => void;
}) {
  const { t } = useI18n();
  const total = counts ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) : undefined;
  const chip = (key: string, label: string, count: number | undefined, active: boolean, onClick: () => void) => (
    <li key={key}>
      <button
        type="button"
        aria-pressed={active}
        onClick={onClick}
        data-testid={`status-chip-${key}`}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring',
          active ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
        )}
      >
        {label}
        {count !== undefined && (
          <span className={cn('rounded-full px-1.5 text-xs tabular-nums', active ? 'bg-primary-foreground/20' : 'bg-muted')}>{count}</span>
        )}
      </button>
    </li>
  );
  return (
    <ul
      className="flex min-w-0 flex-1 gap-2 overflow-x-auto pb-1 sm:flex-wrap sm:overflow-visible sm:pb-0"
      aria-label={t('review.queue.statusFilter')}
    >
      {chip('all', t('review.queue.all'), total, !value, () => onChange(undefined))}
      {APPLICATION_STATUSES.map((s) =>
        chip(s, t(`review.status.${s}`), counts?.[s] ?? (counts ? 0 : undefined), value === s, () => onChange(s)),
      )}
    </ul>
  );
}

/** Search (debounced), category, market day, submitted dates and sort of the queue. */
export function QueueFilterBar({
  filters,
  onChange,
  onClear,
  showCategories,
}: {
  filters: QueueFilters;
  onChange: (c: Partial<Record<QueueParam, string | undefined>>) => void;
  onClear: () => void;
  showCategories: boolean;
}) {
  const { t, language } = useI18n();
  const id = useId();
  const categories = useCategoryOptions(showCategories);
  const days = useMarketDayOptions();
  const [search, setSearch] = useState(filters.q ?? '');
  // Typing waits a moment before it asks the server; a URL change (back button, clear) refills the box.
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    if (search.trim() === (filters.q ?? '').trim()) return;
    const timer = window.setTimeout(() => onChange({ q: search.trim() || undefined }), 300);
    return () => window.clearTimeout(timer);
  }, [search, filters.q, onChange]);
  const filtered = !!(filters.q || filters.categoryId || filters.marketDayId || filters.submittedFrom || filters.submittedTo);

  return (
    <div className="grid w-full min-w-0 grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
      <div className="relative col-span-2 w-full sm:w-64">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('review.queue.search')}
        </label>
        <Search className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          id={`${id}-q`}
          type="search"
          className={`${box} w-full ps-8`}
          placeholder={t('review.queue.searchPlaceholder')}
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {showCategories && (
        <Labelled id={`${id}-cat`} label={t('review.queue.category')}>
          <select
            id={`${id}-cat`}
            className={`${control} max-w-48`}
            value={filters.categoryId ?? ''}
            onChange={(e) => onChange({ categoryId: e.target.value || undefined })}
          >
            <option value="">{t('review.queue.anyCategory')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {language === 'ar' ? c.nameAr : c.nameEn}
              </option>
            ))}
          </select>
        </Labelled>
      )}
      <Labelled id={`${id}-day`} label={t('review.queue.marketDay')}>
        <select
          id={`${id}-day`}
          className={`${control} max-w-56`}
          value={filters.marketDayId ?? ''}
          onChange={(e) => onChange({ marketDayId: e.target.value || undefined })}
        >
          <option value="">{t('review.queue.anyDay')}</option>
          {(days.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {formatDay(d.date, language)} · {language === 'ar' ? d.locationNameAr : d.locationNameEn}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-from`} label={t('review.queue.submittedFrom')}>
        <input
          id={`${id}-from`}
          type="date"
          className={control}
          value={filters.submittedFrom ?? ''}
          max={filters.submittedTo}
          onChange={(e) => onChange({ submittedFrom: e.target.value || undefined })}
        />
      </Labelled>
      <Labelled id={`${id}-to`} label={t('review.queue.submittedTo')}>
        <input
          id={`${id}-to`}
          type="date"
          className={control}
          value={filters.submittedTo ?? ''}
          min={filters.submittedFrom}
          onChange={(e) => onChange({ submittedTo: e.target.value || undefined })}
        />
      </Labelled>
      <Labelled id={`${id}-sort`} label={t('review.queue.sort')}>
        <select
          id={`${id}-sort`}
          className={control}
          value={filters.sort ?? 'newest'}
          onChange={(e) => onChange({ sort: e.target.value === 'newest' ? undefined : (e.target.value as Sort) })}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`review.sort.${s}`)}
            </option>
          ))}
        </select>
      </Labelled>
      {filtered && (
        <Button
          variant="ghost"
          size="sm"
          className="col-span-2 h-9 justify-self-start"
          onClick={() => {
            setSearch('');
            onClear();
          }}
        >
          <X className="size-4" aria-hidden />
          {t('review.queue.clearFilters')}
        </Button>
      )}
    </div>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}
