import { CalendarRange } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { DateRange } from '../board-dates';
import { useBoardLocations } from '../market-assignments-api';

/** The board's location and date range (at most 31 days), and a way back to the next market days. */
export function BoardToolbar({
  locationId,
  onLocation,
  range,
  onRange,
  problem,
  onNextDays,
}: {
  locationId: string;
  onLocation: (id: string) => void;
  range: DateRange;
  onRange: (r: DateRange) => void;
  problem: string | null;
  onNextDays: () => void;
}) {
  const { t, language } = useI18n();
  const locations = useBoardLocations();
  const ids = { location: useId(), from: useId(), to: useId(), problem: useId() };
  const label = 'flex flex-col gap-1 text-xs font-medium text-muted-foreground';
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className={label}>
        <label htmlFor={ids.location}>{t('marketAssignments.board.location')}</label>
        {locations.isError ? (
          <span role="alert" className="text-sm font-normal text-destructive">
            {t('marketAssignments.board.locationsFailed')}
          </span>
        ) : (
          <select
            id={ids.location}
            className={`${fieldClass} w-56`}
            value={locationId}
            disabled={locations.isPending}
            onChange={(e) => onLocation(e.target.value)}
          >
            {locations.isPending && <option value="">{t('common.loading')}</option>}
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {language === 'ar' ? l.nameAr : l.nameEn}
              </option>
            ))}
          </select>
        )}
      </div>
      <div className={label}>
        <label htmlFor={ids.from}>{t('marketAssignments.range.from')}</label>
        <input
          id={ids.from}
          type="date"
          className={`${fieldClass} w-40`}
          value={range.from}
          aria-invalid={!!problem}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(e) => onRange({ ...range, from: e.target.value })}
        />
      </div>
      <div className={label}>
        <label htmlFor={ids.to}>{t('marketAssignments.range.to')}</label>
        <input
          id={ids.to}
          type="date"
          className={`${fieldClass} w-40`}
          value={range.to}
          aria-invalid={!!problem}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(e) => onRange({ ...range, to: e.target.value })}
        />
      </div>
      <Button variant="outline" onClick={onNextDays}>
        <CalendarRange className="size-4" aria-hidden />
        {t('marketAssignments.range.nextDays')}
      </Button>
      {problem && (
        <p id={ids.problem} role="alert" className="basis-full text-sm text-destructive">
          {t(problem)}
        </p>
      )}
    </div>
  );
}
