import { MARKET_DAY_STATUS_VALUES } from '@market/contracts/plain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useLocations, type DayFilters, type MarketDayStatus } from '../market-days-api';
import { addMonths, formatMonth, monthOf, todayLocal } from '../market-days-dates';

/** Month navigation (previous / this month / next) and the location and status filters. */
export function MarketDaysToolbar({
  month,
  onMonth,
  filters,
  onFilters,
  showMonth,
  showStatus,
}: {
  month: string;
  onMonth: (m: string) => void;
  filters: DayFilters;
  onFilters: (f: DayFilters) => void;
  showMonth: boolean;
  showStatus: boolean;
}) {
  const { t, language } = useI18n();
  const locations = useLocations();
  // Labels point at their selects by id: a select inside its label would be named by its chosen option too.
  const ids = { location: useId(), status: useId() };
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      {showMonth ? (
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            onClick={() => onMonth(addMonths(month, -1))}
            aria-label={t('marketDays.calendar.previous')}
          >
            <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
          </Button>
          <h2 className="min-w-40 text-center text-lg font-semibold" aria-live="polite" data-testid="calendar-month">
            {formatMonth(month, language)}
          </h2>
          <Button variant="outline" size="icon" onClick={() => onMonth(addMonths(month, 1))} aria-label={t('marketDays.calendar.next')}>
            <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onMonth(monthOf(todayLocal()))} disabled={month === monthOf(todayLocal())}>
            {t('marketDays.calendar.thisMonth')}
          </Button>
        </div>
      ) : (
        <div />
      )}
      <div className="grid grid-cols-2 gap-2 md:flex">
        <div className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
          <label htmlFor={ids.location}>{t('marketDays.field.location')}</label>
          {locations.isError ? (
            <span role="alert" className="text-sm font-normal text-destructive">
              {t('marketDays.locations.failed')}
            </span>
          ) : (
            <select
              id={ids.location}
              className={`${fieldClass} md:w-48`}
              value={filters.locationId ?? ''}
              onChange={(e) => onFilters({ ...filters, locationId: e.target.value || undefined })}
            >
              <option value="">{t('marketDays.filter.allLocations')}</option>
              {(locations.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {language === 'ar' ? l.nameAr : l.nameEn}
                </option>
              ))}
            </select>
          )}
        </div>
        {showStatus && (
          <div className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
            <label htmlFor={ids.status}>{t('marketDays.field.status')}</label>
            <select
              id={ids.status}
              className={`${fieldClass} md:w-40`}
              value={filters.status ?? ''}
              onChange={(e) => onFilters({ ...filters, status: (e.target.value || undefined) as MarketDayStatus | undefined })}
            >
              <option value="">{t('marketDays.filter.allStatuses')}</option>
              {MARKET_DAY_STATUS_VALUES.map((s) => (
                <option key={s} value={s}>
                  {t(`marketDays.status.${s}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </div>
  );
}
