import { useEffect } from 'react';
import { fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useLocations } from '../market-days-api';

/** The organization's active locations to choose from; says so plainly when they cannot be loaded. */
export function LocationSelect({
  value,
  onChange,
  ...aria
}: {
  value: string;
  onChange: (v: string) => void;
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}) {
  const { t, language } = useI18n();
  const locations = useLocations();
  if (locations.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('marketDays.locations.failed')}
      </p>
    );
  const active = (locations.data ?? []).filter((l) => l.status === 'active' || l.id === value);
  return (
    <>
      <select {...aria} className={fieldClass} value={value} onChange={(e) => onChange(e.target.value)} disabled={locations.isPending}>
        <option value="">{locations.isPending ? t('common.loading') : t('marketDays.locations.choose')}</option>
        {active.map((l) => (
          <option key={l.id} value={l.id}>
            {language === 'ar' ? l.nameAr : l.nameEn}
          </option>
        ))}
      </select>
      {locations.isSuccess && active.length === 0 && <p className="text-xs text-muted-foreground">{t('marketDays.locations.none')}</p>}
    </>
  );
}

/**
 * A new day's or series' form starts on the location when the organization has exactly one active location
 * (nothing to choose); with several, the user chooses. Declare it after the form's reset effect.
 */
export function usePreselectLocation(enabled: boolean, value: string, choose: (id: string) => void) {
  const locations = useLocations();
  const active = (locations.data ?? []).filter((l) => l.status === 'active');
  const sole = active.length === 1 ? active[0]!.id : null;
  useEffect(() => {
    if (enabled && !value && sole) choose(sole);
  }, [enabled, value, sole, choose]);
}
