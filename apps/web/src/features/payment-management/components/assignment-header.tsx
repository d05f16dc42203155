import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay, localText } from '../format';
import type { Assignment } from '../payment-management-api';

/** Who, when, where: the booking the money on this page belongs to, with the way back to the board. */
export function AssignmentHeader({ assignment: a }: { assignment: Assignment }) {
  const { t, language } = useI18n();
  const facts: [string, string][] = [
    [t('pay.header.day'), formatDay(a.date, language, 'long')],
    [t('pay.header.location'), localText(language, a.locationNameEn, a.locationNameAr)],
    [t('pay.header.slot'), a.slotCode],
    [t('pay.header.category'), localText(language, a.categoryNameEn, a.categoryNameAr)],
    [t('pay.header.status'), t(`pay.assignmentStatus.${a.status}`)],
  ];
  return (
    <header className="flex flex-col gap-3">
      <Link to="/market-events?view=board" className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t('pay.header.backToBoard')}
      </Link>
      <div>
        <h1 className="text-2xl font-semibold">{a.vendorName}</h1>
        <p className="text-sm text-muted-foreground">{t('pay.header.description')}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border bg-card p-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="flex items-center gap-1.5 font-medium">
              {label === t('pay.header.category') && (
                <span aria-hidden className="inline-block size-2.5 rounded-full" style={{ backgroundColor: a.categoryColour }} />
              )}
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
