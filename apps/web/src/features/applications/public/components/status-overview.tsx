import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { ApplicantView } from '../applications-public-api';
import { formatDay, formatMoment, localLocation, localName } from '../apply-format';
import { ApplicationStatusBadge, DocumentReviewBadge } from './status-badge';

/** Where the application stands and what it asks for; every stored text is shown as text. */
export function StatusOverview({ view }: { view: ApplicantView }) {
  const { t, language } = useI18n();
  const rows: [string, ReactNode][] = [
    [t('apply.statusPage.organization'), view.organizationName],
    [t('apply.statusPage.applicant'), view.applicantName],
    [t('apply.statusPage.kind'), t(`apply.title.${view.stream}`)],
    [t('apply.statusPage.submitted'), <time dateTime={view.submittedAt}>{formatMoment(view.submittedAt, language)}</time>],
    [t('apply.statusPage.updated'), <time dateTime={view.updatedAt}>{formatMoment(view.updatedAt, language)}</time>],
  ];
  if (view.categories.length)
    rows.push([t('apply.field.categoryIds'), view.categories.map((c) => localName(c, language)).join(t('apply.listSeparator'))]);
  if (view.marketDays.length) {
    rows.push([
      t('apply.field.marketDayIds'),
      <ul className="flex flex-col gap-0.5">
        {view.marketDays.map((d, i) => (
          <li key={`${d.date}-${i}`}>
            {formatDay(d.date, language)} — <bdi>{localLocation(d, language)}</bdi>
          </li>
        ))}
      </ul>,
    ]);
  }
  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-2 rounded-lg border bg-card p-4">
        <div className="flex flex-wrap items-center gap-2">
          <ApplicationStatusBadge status={view.status} testId="status-badge" />
        </div>
        <p className="text-sm">{t(`apply.statusText.${view.status}`)}</p>
        {view.decisionReason && (
          <p className="whitespace-pre-wrap break-words rounded-md bg-muted/60 p-2 text-sm">
            <span className="font-medium">{t('apply.statusPage.reason')} </span>
            <bdi>{view.decisionReason}</bdi>
          </p>
        )}
      </section>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,14rem)_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{typeof value === 'string' ? <bdi>{value}</bdi> : value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="status-documents" className="flex flex-col gap-2">
        <h2 id="status-documents" className="text-lg font-semibold">
          {t('apply.step.documents')}
        </h2>
        {view.documents.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('apply.statusPage.noDocuments')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {view.documents.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 rounded-md border p-2 text-sm">
                <div className="flex items-start gap-2">
                  <FileText className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <bdi className="min-w-0 flex-1 break-all">{d.fileName}</bdi>
                </div>
                <div className="flex flex-wrap items-center gap-2 ps-6">
                  <span className="text-xs text-muted-foreground">{t(`apply.docType.${d.docType}`)}</span>
                  <DocumentReviewBadge status={d.status} />
                </div>
                {d.statusNote && (
                  <p dir="auto" className="whitespace-pre-wrap break-words ps-6 text-xs text-muted-foreground">
                    {d.statusNote}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
