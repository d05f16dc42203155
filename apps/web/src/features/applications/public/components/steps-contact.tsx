import { JUNIOR_MAX_AGE, JUNIOR_MIN_AGE } from '@market/contracts/plain';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { AnswerText, FieldGroup, useProblemText, type StepProps } from './apply-fields';
import { ConsentCheck } from './choice-fields';

/** Market and junior vendors: the business and the person to contact. */
export function BusinessStep(s: StepProps) {
  const { t } = useI18n();
  return (
    <FieldGroup title={t('apply.step.business')} description={t('apply.business.intro')}>
      <AnswerText k="businessName" s={s} autoComplete="organization" />
      <AnswerText k="legalName" s={s} optional />
      <AnswerText k="contactName" s={s} autoComplete="name" />
      <AnswerText k="email" s={s} type="email" dir="ltr" inputMode="email" autoComplete="email" maxLength={320} />
      <AnswerText k="phone" s={s} type="tel" dir="ltr" inputMode="tel" autoComplete="tel" maxLength={30} hint={t('apply.hint.phone')} />
      <AnswerText k="website" s={s} type="url" dir="ltr" inputMode="url" optional maxLength={2000} hint={t('apply.hint.website')} />
      <AnswerText k="instagram" s={s} dir="ltr" optional maxLength={300} />
      <AnswerText k="address" s={s} optional maxLength={500} autoComplete="street-address" className="sm:col-span-2" />
    </FieldGroup>
  );
}

/** Workshops: who runs it and how to reach them. */
export function HostStep(s: StepProps) {
  const { t } = useI18n();
  return (
    <FieldGroup title={t('apply.step.host')} description={t('apply.host.intro')}>
      <AnswerText k="hostName" s={s} autoComplete="name" />
      <AnswerText k="contactName" s={s} optional label={t('apply.field.hostContactName')} />
      <AnswerText k="email" s={s} type="email" dir="ltr" inputMode="email" autoComplete="email" maxLength={320} />
      <AnswerText k="phone" s={s} type="tel" dir="ltr" inputMode="tel" autoComplete="tel" maxLength={30} hint={t('apply.hint.phone')} />
    </FieldGroup>
  );
}

/** Junior vendors: the child's age and the guardian who answers for them. */
export function JuniorStep(s: StepProps) {
  const { t } = useI18n();
  const problemText = useProblemText();
  return (
    <div className="flex flex-col gap-4">
      <FieldGroup title={t('apply.step.junior')} description={t('apply.junior.intro', { min: JUNIOR_MIN_AGE, max: JUNIOR_MAX_AGE })}>
        <AnswerText
          k="dateOfBirth"
          s={s}
          type="date"
          dir="ltr"
          hint={t('apply.hint.dateOfBirth', { min: JUNIOR_MIN_AGE, max: JUNIOR_MAX_AGE })}
        />
        <AnswerText k="school" s={s} optional />
        <AnswerText k="guardianName" s={s} />
        <AnswerText k="guardianPhone" s={s} type="tel" dir="ltr" inputMode="tel" maxLength={30} hint={t('apply.hint.phone')} />
        <AnswerText k="guardianEmail" s={s} type="email" dir="ltr" inputMode="email" maxLength={320} />
      </FieldGroup>
      <ConsentCheck
        name="guardianConsent"
        label={t('apply.consent.guardian')}
        checked={s.values.guardianConsent}
        onChange={(v) => s.set('guardianConsent', v)}
        error={problemText(s.problems.guardianConsent)}
      />
    </div>
  );
}
