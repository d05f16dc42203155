import type { StallSize } from '@market/contracts/plain';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { formatBytes, formatDay, formatMoney, localLocation, localName } from '../apply-format';
import { STALL_KEY, toMinor, typedFieldsOf, type DraftDocument, type StepId, type TextField } from '../apply-model';
import { useProblemText, type StepProps } from './apply-fields';
import { ConsentCheck } from './choice-fields';

/** Every answer read-only, grouped by step with a way back to it, then the consent and the submit button. */
export function ReviewStep({
  s,
  steps,
  documents,
  currencyDigits,
  goTo,
}: {
  s: StepProps;
  steps: StepId[];
  documents: DraftDocument[];
  currencyDigits: number;
  goTo: (step: number) => void;
}) {
  const { t, language } = useI18n();
  const problemText = useProblemText();
  const none = t('apply.review.none');
  const v = s.values;

  const extra = (step: StepId): [string, ReactNode][] => {
    switch (step) {
      case 'junior':
        return [
          [t('apply.field.dateOfBirth'), v.dateOfBirth ? formatDay(v.dateOfBirth, language) : none],
          [t('apply.review.guardianConsent'), v.guardianConsent ? t('apply.review.given') : t('apply.review.notGiven')],
        ];
      case 'products':
        return [
          [
            t('apply.field.categoryIds'),
            s.form.categories
              .filter((c) => v.categoryIds.includes(c.id))
              .map((c) => localName(c, language))
              .join(t('apply.listSeparator')) || none,
          ],
        ];
      case 'days':
      case 'workshopDays': {
        const days = s.form.marketDays.filter((d) => v.marketDayIds.includes(d.id));
        const rows: [string, ReactNode][] = [
          [
            t('apply.field.marketDayIds'),
            days.length ? (
              <ul className="flex flex-col gap-0.5">
                {days.map((d) => (
                  <li key={d.id}>
                    {formatDay(d.date, language)} — <bdi>{localLocation(d, language)}</bdi>
                  </li>
                ))}
              </ul>
            ) : (
              none
            ),
          ],
        ];
        if (s.stream !== 'workshop') {
          rows.push(
            [t('apply.field.stallSize'), t(`apply.stall.${STALL_KEY[v.stallSize as StallSize] ?? 'small'}`)],
            [t('apply.field.power'), t(`apply.power.${v.power}`)],
          );
        }
        return rows;
      }
      case 'workshop': {
        const minor = toMinor(v.materialsFee, currencyDigits) ?? 0;
        const currency = s.form.organization.currency;
        return [
          [
            t('apply.field.materialsFee', { currency }),
            minor ? formatMoney(minor, currency, currencyDigits, language) : t('apply.review.free'),
          ],
        ];
      }
      case 'documents':
        return [
          [
            t('apply.step.documents'),
            documents.length ? (
              <ul className="flex flex-col gap-0.5">
                {documents.map((d) => (
                  <li key={d.key}>
                    <bdi>{d.fileName}</bdi> — {t(`apply.docType.${d.docType}`)} · {formatBytes(d.sizeBytes, language)}
                    {d.expiresOn && ` · ${t('apply.review.expires', { date: formatDay(d.expiresOn, language, 'short') })}`}
                  </li>
                ))}
              </ul>
            ) : (
              none
            ),
          ],
        ];
      default:
        return [];
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h2 className="text-lg font-semibold">{t('apply.step.review')}</h2>
        <p className="text-sm text-muted-foreground">{t('apply.review.intro')}</p>
      </div>
      {steps.map((step, i) => {
        if (step === 'review') return null;
        const plain = typedFieldsOf(step);
        const label = (k: TextField) => (step === 'host' && k === 'contactName' ? t('apply.field.hostContactName') : t(`apply.field.${k}`));
        const rows: [string, ReactNode][] = [...plain.map((k): [string, ReactNode] => [label(k), v[k].trim() || none]), ...extra(step)];
        return (
          <section key={step} className="rounded-lg border" aria-labelledby={`review-${step}`}>
            <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
              <h3 id={`review-${step}`} className="font-medium">
                {t(`apply.step.${step}`)}
              </h3>
              <Button
                variant="link"
                size="sm"
                aria-label={t('apply.review.editStep', { step: t(`apply.step.${step}`) })}
                onClick={() => goTo(i)}
              >
                <Pencil className="size-3.5" aria-hidden />
                {t('apply.review.edit')}
              </Button>
            </div>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-2 p-3 text-sm sm:grid-cols-[minmax(8rem,14rem)_1fr]">
              {rows.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-muted-foreground">{term}</dt>
                  {/* Typed text is isolated so an e-mail address reads left to right in an Arabic page, aligned with it. */}
                  <dd className="min-w-0 whitespace-pre-wrap break-words">{typeof value === 'string' ? <bdi>{value}</bdi> : value}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
      <ConsentCheck
        name="consentTerms"
        label={t('apply.consent.terms', { organization: s.form.organization.name })}
        checked={v.consentTerms}
        onChange={(c) => s.set('consentTerms', c)}
        error={problemText(s.problems.consentTerms)}
      />
    </div>
  );
}
