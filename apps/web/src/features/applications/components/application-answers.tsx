import type { ReactNode } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { ApplicationDetail } from '../applications-api';
import { formatDay, formatMinor } from '../format';
import { CategoryChip } from './application-badges';
import { Section } from './section';

type Kind = 'text' | 'long' | 'email' | 'phone' | 'url' | 'date' | 'bool' | 'minutes' | 'money' | 'stall' | 'power';
const VENDOR_FIELDS: [string, Kind][] = [
  ['businessName', 'text'],
  ['legalName', 'text'],
  ['contactName', 'text'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['address', 'long'],
  ['website', 'url'],
  ['instagram', 'text'],
  ['productsDescription', 'long'],
  ['stallSize', 'stall'],
  ['power', 'power'],
];
const JUNIOR_FIELDS: [string, Kind][] = [
  ['dateOfBirth', 'date'],
  ['school', 'text'],
  ['guardianName', 'text'],
  ['guardianPhone', 'phone'],
  ['guardianEmail', 'email'],
  ['guardianConsent', 'bool'],
];
const WORKSHOP_FIELDS: [string, Kind][] = [
  ['hostName', 'text'],
  ['contactName', 'text'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['titleEn', 'text'],
  ['titleAr', 'text'],
  ['descriptionEn', 'long'],
  ['descriptionAr', 'long'],
  ['durationMinutes', 'minutes'],
  ['capacity', 'text'],
  ['ageMin', 'text'],
  ['ageMax', 'text'],
  ['materialsFeeMinor', 'money'],
  ['spaceNeeds', 'long'],
  ['equipmentNeeds', 'long'],
];

/** The answers as submitted, labelled per stream. Everything is rendered as text, never as HTML. */
export function ApplicationAnswers({ app }: { app: ApplicationDetail }) {
  const { t, language } = useI18n();
  const fields =
    app.stream === 'workshop' ? WORKSHOP_FIELDS : app.stream === 'junior_vendor' ? [...VENDOR_FIELDS, ...JUNIOR_FIELDS] : VENDOR_FIELDS;
  const value = (name: string, kind: Kind): ReactNode => {
    const v = app.answers[name];
    if (v === null || v === undefined || v === '') return <span className="text-muted-foreground">—</span>;
    const s = String(v);
    switch (kind) {
      case 'bool':
        return v === true ? t('review.answer.yes') : t('review.answer.no');
      case 'date':
        return formatDay(s, language);
      case 'minutes':
        return t('review.answer.minutes', { count: s });
      case 'money':
        return typeof v === 'number' ? formatMinor(v, language) : s;
      case 'stall':
        return t('review.answer.stallMetres', { size: s.replace('x', ' × ') });
      case 'power':
        return t(`review.power.${s}`);
      case 'email':
      case 'phone':
        return (
          <bdi dir="ltr" className="break-all">
            {s}
          </bdi>
        );
      case 'url':
        return /^https?:\/\//i.test(s) ? (
          <a href={s} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary hover:underline" dir="ltr">
            {s}
          </a>
        ) : (
          <span dir="ltr">{s}</span>
        );
      case 'long':
        return (
          <span className="whitespace-pre-wrap break-words" dir={name.endsWith('Ar') ? 'rtl' : name.endsWith('En') ? 'ltr' : 'auto'}>
            {s}
          </span>
        );
      default:
        return (
          <span className="break-words" dir={name.endsWith('Ar') ? 'rtl' : name.endsWith('En') ? 'ltr' : 'auto'}>
            {s}
          </span>
        );
    }
  };
  return (
    <Section title={t('review.section.answers')} testId="application-answers">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {fields.map(([name, kind]) => (
          <div key={name} className={kind === 'long' ? 'sm:col-span-2' : undefined}>
            <dt className="text-xs font-medium text-muted-foreground">{t(`review.answer.${name}`)}</dt>
            <dd>{value(name, kind)}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The categories applied for and the market days asked for. */
export function ApplicationChoices({ app }: { app: ApplicationDetail }) {
  const { t, language } = useI18n();
  return (
    <Section title={t(app.stream === 'workshop' ? 'review.section.days' : 'review.section.choices')}>
      <div className="flex flex-col gap-4 text-sm">
        {app.stream !== 'workshop' && (
          <div className="flex flex-col gap-1">
            <h3 className="text-xs font-medium text-muted-foreground">{t('review.col.categories')}</h3>
            {app.categories.length ? (
              <ul className="flex flex-wrap gap-1">
                {app.categories.map((c) => (
                  <li key={c.id}>
                    <CategoryChip name={language === 'ar' ? c.nameAr : c.nameEn} colour={c.colour} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">—</p>
            )}
          </div>
        )}
        <div className="flex flex-col gap-1">
          <h3 className="text-xs font-medium text-muted-foreground">{t('review.choices.days')}</h3>
          {app.marketDays.length ? (
            <ul className="flex flex-col gap-1">
              {app.marketDays.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{formatDay(d.date, language)}</span>
                  <span className="text-muted-foreground" dir="auto">
                    {d.locationName}
                  </span>
                  {d.status === 'cancelled' && (
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800 dark:bg-red-900/40 dark:text-red-200">
                      {t('review.choices.dayCancelled')}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">—</p>
          )}
        </div>
      </div>
    </Section>
  );
}
