import { CalendarDays, FileText, Star } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { applicationPath, type ApplicationListItem } from '../applications-api';
import { formatDay, formatInstant } from '../format';
import { ApplicationStatusBadge, CategoryChip } from './application-badges';

interface Props {
  items: ApplicationListItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  /** Workshops have no categories. */
  showCategories: boolean;
}

/** A page of applications: a table on wide screens, cards on a phone; names link to the application page. */
export function ApplicationsTable({ items, selected, onToggle, onToggleAll, showCategories }: Props) {
  const { t, language } = useI18n();
  const location = useLocation();
  // The application page's back link returns to this exact queue (filters and page included).
  const from = `${location.pathname}${location.search}`;
  const th = 'px-3 py-2 text-start font-medium';
  const allOn = items.length > 0 && items.every((i) => selected.has(i.id));
  const someOn = !allOn && items.some((i) => selected.has(i.id));

  const check = (a: ApplicationListItem) => (
    <input
      type="checkbox"
      className="size-4"
      checked={selected.has(a.id)}
      onChange={(e) => onToggle(a.id, e.target.checked)}
      aria-label={t('review.queue.select', { name: a.applicantName })}
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

  return (
    <>
      <div className="hidden overflow-x-auto rounded-md border md:block">
        <table className="w-full text-sm" data-testid="applications-table">
          <thead className="bg-muted/60 text-muted-foreground">
            <tr>
              <th className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={allOn}
                  ref={(el) => {
                    if (el) el.indeterminate = someOn;
                  }}
                  onChange={(e) => onToggleAll(e.target.checked)}
                  aria-label={t('review.queue.selectPage')}
                />
              </th>
              <th className={th}>{t('review.col.applicant')}</th>
              {showCategories && <th className={th}>{t('review.col.categories')}</th>}
              <th className={th}>{t('review.col.days')}</th>
              <th className={th}>{t('review.col.documents')}</th>
              <th className={th}>{t('review.col.score')}</th>
              <th className={th}>{t('review.col.status')}</th>
              <th className={th}>{t('review.col.submitted')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id} className="border-t align-top" data-testid="application-row" data-id={a.id}>
                <td className="px-3 py-2">{check(a)}</td>
                <td className="max-w-64 px-3 py-2">{name(a)}</td>
                {showCategories && <td className="px-3 py-2">{categories(a)}</td>}
                <td className="px-3 py-2 tabular-nums">{a.marketDayCount}</td>
                <td className="px-3 py-2 tabular-nums">{a.documentCount}</td>
                <td className="px-3 py-2">{score(a)}</td>
                <td className="px-3 py-2">
                  <ApplicationStatusBadge status={a.status} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-muted-foreground" title={formatInstant(a.submittedAt, language)}>
                  {formatDay(a.submittedAt, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
