import { CalendarDays, MapPin } from 'lucide-react';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { formatDay, formatMoment, formatTime, localLocation } from '../apply-format';
import { POWER_NEEDS, STALL_SIZES } from '@market/contracts/plain';
import { STALL_KEY } from '../apply-model';
import { useProblemText, type StepProps } from './apply-fields';
import { ChoiceFieldset, ChoiceGroup, toggled } from './choice-fields';

/** The market days open for applications as a checklist; vendors also choose a stall size and power. */
export function DaysStep(s: StepProps) {
  const { t, language } = useI18n();
  const problemText = useProblemText();
  const error = problemText(s.problems.marketDayIds);
  const chosen = s.values.marketDayIds;
  const vendor = s.stream !== 'workshop';

  return (
    <div className="flex flex-col gap-6">
      <ChoiceFieldset
        legend={t(vendor ? 'apply.step.days' : 'apply.step.workshopDays')}
        legendClassName="text-lg font-semibold"
        hint={t(vendor ? 'apply.days.intro' : 'apply.days.workshopIntro')}
        hintClassName="text-sm text-muted-foreground"
        error={error}
      >
        <div className="mb-1 flex flex-wrap gap-2 text-xs">
          <button
            type="button"
            className="text-primary underline-offset-4 hover:underline"
            onClick={() =>
              s.set(
                'marketDayIds',
                s.form.marketDays.map((d) => d.id),
              )
            }
          >
            {t('apply.days.all')}
          </button>
          <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => s.set('marketDayIds', [])}>
            {t('apply.days.none')}
          </button>
          <span className="text-muted-foreground" aria-live="polite">
            {t('apply.days.chosen', { count: chosen.length })}
          </span>
        </div>
        <ul className="flex flex-col gap-2">
          {s.form.marketDays.map((d) => (
            <li key={d.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
                <input
                  type="checkbox"
                  name="marketDayIds"
                  value={d.id}
                  className="mt-0.5 size-4 shrink-0"
                  checked={chosen.includes(d.id)}
                  aria-invalid={!!error}
                  onChange={(e) => s.set('marketDayIds', toggled(chosen, d.id, e.target.checked))}
                />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex items-center gap-1.5 font-medium">
                    <CalendarDays className="size-4 shrink-0" aria-hidden />
                    {formatDay(d.date, language)}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatTime(d.openTime, language)} – {formatTime(d.closeTime, language)}
                  </span>
                  <span className="flex items-center gap-1.5 text-xs">
                    <MapPin className="size-3.5 shrink-0" aria-hidden />
                    {localLocation(d, language)}
                  </span>
                  {d.applicationClosesAt && (
                    <span className="text-xs text-muted-foreground">
                      {t('apply.days.closes', { date: formatMoment(d.applicationClosesAt, language) })}
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </ChoiceFieldset>
      {vendor && (
        <>
          <ChoiceGroup
            name="stallSize"
            legend={t('apply.field.stallSize')}
            options={STALL_SIZES.map((v) => ({
              value: v,
              label: t(`apply.stall.${STALL_KEY[v]}`),
              hint: t(`apply.stallHint.${STALL_KEY[v]}`),
            }))}
            value={s.values.stallSize}
            onChange={(v) => s.set('stallSize', v)}
            error={problemText(s.problems.stallSize)}
          />
          <ChoiceGroup
            name="power"
            legend={t('apply.field.power')}
            options={POWER_NEEDS.map((v) => ({ value: v, label: t(`apply.power.${v}`) }))}
            value={s.values.power}
            onChange={(v) => s.set('power', v)}
            error={problemText(s.problems.power)}
          />
        </>
      )}
    </div>
  );
}
