import { APPLICATION_SORTS, APPLICATION_STATUSES, type ApplicationSort, type ApplicationStatus } from '@market/contracts/plain';
import { X } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useCategoryOptions, useMarketDayOptions, type QueueFilters } from '../applications-api';
import { formatDay } from '../format';
import type { QueueParam } from '../use-queue-params';
import { FilterField, filterControl, SearchBox } from './filter-controls';

const control = `${filterControl} w-full sm:w-auto`;

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
      <SearchBox
        className="col-span-2"
        label={t('review.queue.search')}
        placeholder={t('review.queue.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      {showCategories && (
        <Filter label={t('review.queue.category')}>
          {(id) => (
            <select
              id={id}
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
          )}
        </Filter>
      )}
      <Filter label={t('review.queue.marketDay')}>
        {(id) => (
          <select
            id={id}
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
        )}
      </Filter>
      <Filter label={t('review.queue.submittedFrom')}>
        {(id) => (
          <input
            id={id}
            type="date"
            className={control}
            value={filters.submittedFrom ?? ''}
            max={filters.submittedTo}
            onChange={(e) => onChange({ submittedFrom: e.target.value || undefined })}
          />
        )}
      </Filter>
      <Filter label={t('review.queue.submittedTo')}>
        {(id) => (
          <input
            id={id}
            type="date"
            className={control}
            value={filters.submittedTo ?? ''}
            min={filters.submittedFrom}
            onChange={(e) => onChange({ submittedTo: e.target.value || undefined })}
          />
        )}
      </Filter>
      <Filter label={t('review.queue.sort')}>
        {(id) => (
          <select
            id={id}
            className={control}
            value={filters.sort ?? 'newest'}
            onChange={(e) => onChange({ sort: e.target.value === 'newest' ? undefined : (e.target.value as ApplicationSort) })}
          >
            {APPLICATION_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`review.sort.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Filter>
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

/** A filter that may shrink in the toolbar's grid. */
function Filter(props: Omit<ComponentProps<typeof FilterField>, 'className'>) {
  return <FilterField className="min-w-0" {...props} />;
}
