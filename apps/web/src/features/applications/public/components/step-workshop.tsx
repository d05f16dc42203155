import { useI18n } from '../../../../app/i18n/i18n-provider';
import { AnswerText, FieldGroup, type StepProps } from './apply-fields';

/** The workshop itself: titles and descriptions in both languages, size, ages, fee and needs. */
export function WorkshopStep(s: StepProps) {
  const { t } = useI18n();
  const currency = s.form.organization.currency;
  return (
    <div className="flex flex-col gap-6">
      <FieldGroup title={t('apply.step.workshop')} description={t('apply.workshop.intro')}>
        <AnswerText k="titleEn" s={s} dir="ltr" lang="en" />
        <AnswerText k="titleAr" s={s} dir="rtl" lang="ar" />
        <AnswerText k="descriptionEn" s={s} dir="ltr" lang="en" rows={5} />
        <AnswerText k="descriptionAr" s={s} dir="rtl" lang="ar" rows={5} />
      </FieldGroup>
      <FieldGroup title={t('apply.workshop.practical')}>
        <AnswerText k="durationMinutes" s={s} inputMode="numeric" dir="ltr" maxLength={3} hint={t('apply.hint.durationMinutes')} />
        <AnswerText k="capacity" s={s} inputMode="numeric" dir="ltr" maxLength={3} hint={t('apply.hint.capacity')} />
        <AnswerText k="ageMin" s={s} inputMode="numeric" dir="ltr" maxLength={2} />
        <AnswerText k="ageMax" s={s} inputMode="numeric" dir="ltr" maxLength={2} />
        <AnswerText
          k="materialsFee"
          s={s}
          inputMode="decimal"
          dir="ltr"
          optional
          maxLength={12}
          label={t('apply.field.materialsFee', { currency })}
          hint={t('apply.hint.materialsFee', { currency })}
        />
      </FieldGroup>
      <FieldGroup title={t('apply.workshop.needs')}>
        <AnswerText k="spaceNeeds" s={s} rows={3} optional maxLength={2000} hint={t('apply.hint.spaceNeeds')} />
        <AnswerText k="equipmentNeeds" s={s} rows={3} optional maxLength={2000} hint={t('apply.hint.equipmentNeeds')} />
      </FieldGroup>
    </div>
  );
}
