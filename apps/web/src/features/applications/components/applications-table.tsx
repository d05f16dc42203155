import { CalendarDays, FileText, Star } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { applicationPath, type ApplicationListItem } from '../applications-api';
import { formatDay, formatInstant } from '../format';
import { ApplicationStatusBadge, CategoryChip } from './application-badges';

interface Props {
  items: ApplicationListItem[];
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  /** Workshops have no categories. */
  showCategories: boolean;
}

/** A page of applications: a table on wide screens, cards on a phone; names link to the application page. */
export function ApplicationsTable({ items, selected, onSelect, showCategories }: Props) {
  const { t, language } = useI18n();
  const location = useLocation();
  // The application page's back link returns to this exact queue (filters and page included).
  const from = `${location.pathname}${location.search}`;
  const selectLabel = (a: ApplicationListItem) => t('review.queue.select', { name: a.applicantName });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };

  const check = (a: ApplicationListItem) => (
    <input
      type="checkbox"
      className="size-4"
      checked={selected.has(a.id)}
      onChange={(e) => toggle(a.id, e.target.checked)}
      aria-label={selectLabel(a)}
    />
  );
  const name = (a: ApplicationListItem) => (
    <>
      <Link
        to={applicationPath(a.stream, a.id)}
        state={{ from }}
        className="font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        dir="auto"
      >
        {a.applicantName}
      </Link>
      <p className="truncate text-xs text-muted-foreground">
        {a.contactName && (
          <>
            <bdi>{a.contactName}</bdi>
            {' · '}
          </>
        )}
        <bdi dir="ltr">{a.email}</bdi>
      </p>
    </>
  );
  const categories = (a: ApplicationListItem) =>
    a.categories.length ? (
      <ul className="flex flex-wrap gap-1">
        {a.categories.map((c) => (
          <li key={c.id} className="max-w-40">
            <CategoryChip name={language === 'ar' ? c.nameAr : c.nameEn} colour={c.colour} />
          </li>
        ))}
      </ul>
    ) : (
      <span className="text-muted-foreground">—</span>
    );
  const score = (a: ApplicationListItem) =>
    a.averageScore === null ? (
      <span className="text-muted-foreground" title={t('review.queue.scoreCount', { count: a.scoreCount })}>
        —
      </span>
    ) : (
      <span className="inline-flex items-center gap-1 tabular-nums" title={t('review.queue.scoreCount', { count: a.scoreCount })}>
        <Star className="size-3.5 text-amber-500" aria-hidden />
        {a.averageScore.toLocaleString(language || 'en', { maximumFractionDigits: 1 })}
      </span>
    );
  const counts = (a: ApplicationListItem) => (
    <span className="inline-flex items-center gap-3 tabular-nums">
      <span className="inline-flex items-center gap-1" title={t('review.col.days')}>
        <CalendarDays className="size-3.5 text-muted-foreground" aria-hidden />
        {a.marketDayCount}
      </span>
      <span className="inline-flex items-center gap-1" title={t('review.col.documents')}>
        <FileText className="size-3.5 text-muted-foreground" aria-hidden />
        {a.documentCount}
      </span>
    </span>
  );

  const columns: ColumnDef<ApplicationListItem>[] = [
    column({ id: 'applicant', header: t('review.col.applicant'), cellClassName: 'max-w-64', cell: name }),
    ...(showCategories ? [column({ id: 'categories', header: t('review.col.categories'), cell: categories })] : []),
    column({ id: 'days', header: t('review.col.days'), cellClassName: 'tabular-nums', cell: (a) => a.marketDayCount }),
    column({ id: 'documents', header: t('review.col.documents'), cellClassName: 'tabular-nums', cell: (a) => a.documentCount }),
    column({ id: 'score', header: t('review.col.score'), cell: score }),
    column({ id: 'status', header: t('review.col.status'), cell: (a) => <ApplicationStatusBadge status={a.status} /> }),
    column({
      id: 'submitted',
      header: t('review.col.submitted'),
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cellProps: (a) => ({ title: formatInstant(a.submittedAt, language) }),
      cell: (a) => formatDay(a.submittedAt, language),
    }),
  ];

  return (
    <>
      <DataTable
        columns={columns}
        data={items}
        className="hidden md:block"
        testId="applications-table"
        rowProps={(a) => ({ className: 'align-top', 'data-testid': 'application-row', 'data-id': a.id })}
        selection={{ selected, onChange: onSelect, label: selectLabel, allLabel: t('review.queue.selectPage') }}
      />
      <ul className="flex flex-col gap-2 md:hidden" data-testid="applications-cards">
        {items.map((a) => (
          <li key={a.id} className="flex gap-3 rounded-md border p-3 text-sm">
            <div className="pt-0.5">{check(a)}</div>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">{name(a)}</div>
                <ApplicationStatusBadge status={a.status} />
              </div>
              {showCategories && categories(a)}
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                {counts(a)}
                {score(a)}
                <span>{formatDay(a.submittedAt, language)}</span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
