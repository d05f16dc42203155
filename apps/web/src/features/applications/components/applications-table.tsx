import { Star } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { applicationPath, type ApplicationListItem } from '../applications-api';
import { formatDay, formatInstant } from '../format';
import { ApplicationStatusBadge, CategoryChip } from './application-badges';
import { formatLocale } from '../../../app/i18n/locale-format';

interface Props {
  items: ApplicationListItem[];
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  /** Workshops have no categories. */
  showCategories: boolean;
}

/** A page of applications: a table on wide screens, cards on a phone (DataTable's); names link to the application page. */
export function ApplicationsTable({ items, selected, onSelect, showCategories }: Props) {
  const { t, language } = useI18n();
  const location = useLocation();
  // The application page's back link returns to this exact queue (filters and page included).
  const from = `${location.pathname}${location.search}`;
  const selectLabel = (a: ApplicationListItem) => t('review.queue.select', { name: a.applicantName });
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
        {a.averageScore.toLocaleString(formatLocale(language), { maximumFractionDigits: 1 })}
      </span>
    );
  const columns: ColumnDef<ApplicationListItem>[] = [
    column({ id: 'applicant', header: t('review.col.applicant'), card: 'title', cellClassName: 'max-w-64', cell: name }),
    ...(showCategories ? [column({ id: 'categories', header: t('review.col.categories'), card: 'field', cell: categories })] : []),
    column({ id: 'days', header: t('review.col.days'), card: 'field', cellClassName: 'tabular-nums', cell: (a) => a.marketDayCount }),
    column({
      id: 'documents',
      header: t('review.col.documents'),
      card: 'field',
      cellClassName: 'tabular-nums',
      cell: (a) => a.documentCount,
    }),
    column({ id: 'score', header: t('review.col.score'), card: 'field', cell: score }),
    column({ id: 'status', header: t('review.col.status'), card: 'field', cell: (a) => <ApplicationStatusBadge status={a.status} /> }),
    column({
      id: 'submitted',
      header: t('review.col.submitted'),
      card: 'field',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cellProps: (a) => ({ title: formatInstant(a.submittedAt, language) }),
      cell: (a) => formatDay(a.submittedAt, language),
    }),
  ];

  return (
    <DataTable
      columns={columns}
      data={items}
      testId="applications-table"
      rowProps={(a) => ({ className: 'align-top', 'data-testid': 'application-row', 'data-id': a.id })}
      selection={{ selected, onChange: onSelect, label: selectLabel, allLabel: t('review.queue.selectPage') }}
    />
  );
}
