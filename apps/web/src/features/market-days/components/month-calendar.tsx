import { MARKET_DAY_STATUS_VALUES } from '@market/contracts/plain';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { MarketDay } from '../market-days-api';
import { firstWeekday, formatDate, formatDayNumber, formatTime, monthGrid, monthOf, todayLocal, weekdayName } from '../market-days-dates';
import { STATUS_CLASS, STATUS_DOT } from './market-day-status';

interface Props {
  month: string;
  days: MarketDay[];
  selected: string | null;
  onSelectDate: (date: string) => void;
  onOpenDay: (id: string) => void;
  onCreateOn?: (date: string) => void;
}

/** A month grid from the language's first weekday; each date lists its market days coloured by status. */
export function MonthCalendar({ month, days, selected, onSelectDate, onOpenDay, onCreateOn }: Props) {
  const { t, language } = useI18n();
  const first = firstWeekday(language);
  const weeks = useMemo(() => monthGrid(month, first), [month, first]);
  const byDate = useMemo(() => {
    const m = new Map<string, MarketDay[]>();
    for (const d of days) m.set(d.date, [...(m.get(d.date) ?? []), d]);
    return m;
  }, [days]);
  const today = todayLocal();
  const name = (d: MarketDay) => (language === 'ar' ? d.locationNameAr : d.locationNameEn);

  return (
    <div className="flex flex-col gap-2">
      <table className="w-full table-fixed border-collapse text-sm" data-testid="market-days-calendar">
        <thead>
          <tr>
            {weeks[0]!.map((d) => (
              <th key={d} scope="col" className="pb-1 text-center text-xs font-medium text-muted-foreground">
                <abbr title={weekdayName(new Date(`${d}T00:00:00Z`).getUTCDay(), language)} className="no-underline">
                  {weekdayName(new Date(`${d}T00:00:00Z`).getUTCDay(), language, 'short')}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const list = byDate.get(date) ?? [];
                const outside = monthOf(date) !== month;
                const label = `${formatDate(date, language, 'long')}${list.length ? ` — ${t('marketDays.calendar.count', { count: list.length })}` : ''}`;
                return (
                  <td
                    key={date}
                    className={cn(
                      'h-16 border align-top sm:h-28',
                      outside && 'bg-muted/40',
                      selected === date && 'ring-2 ring-inset ring-ring',
                    )}
                  >
                    <div className="group flex h-full flex-col gap-0.5 p-0.5 sm:p-1">
                      <div className="flex items-center justify-between gap-1">
                        <button
                          type="button"
                          onClick={() => onSelectDate(date)}
                          aria-label={label}
                          aria-pressed={selected === date}
                          className={cn(
                            'flex size-7 items-center justify-center rounded-full text-xs tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                            outside && 'text-muted-foreground',
                            date === today && 'bg-primary font-semibold text-primary-foreground hover:bg-primary/90',
                          )}
                        >
                          {formatDayNumber(date, language)}
                        </button>
                        {onCreateOn && (
                          <button
                            type="button"
                            onClick={() => onCreateOn(date)}
                            aria-label={t('marketDays.calendar.addOn', { date: formatDate(date, language) })}
                            className="hidden size-6 items-center justify-center rounded text-muted-foreground opacity-0 hover:bg-accent focus-visible:opacity-100 group-hover:opacity-100 sm:flex"
                          >
                            <Plus className="size-3.5" aria-hidden />
                          </button>
                        )}
                      </div>
                      {/* Phones get coloured dots (the agenda below names them); wider screens get named chips. */}
                      <div className="flex flex-wrap gap-0.5 sm:hidden" aria-hidden>
                        {list.slice(0, 4).map((d) => (
                          <span key={d.id} className={cn('size-2.5 rounded-full', STATUS_DOT[d.status])} />
                        ))}
                      </div>
                      <ul className="hidden min-w-0 flex-col gap-0.5 sm:flex">
                        {list.slice(0, 3).map((d) => (
                          <li key={d.id} className="min-w-0">
                            <button
                              type="button"
                              onClick={() => onOpenDay(d.id)}
                              className={cn(
                                'block w-full truncate rounded border px-1 text-start text-xs leading-5 hover:brightness-95 focus-visible:outline-2 focus-visible:outline-ring',
                                STATUS_CLASS[d.status],
                              )}
                              title={`${name(d)} · ${formatTime(d.openTime, language)} · ${t(`marketDays.status.${d.status}`)}`}
                            >
                              <span className="sr-only">{t(`marketDays.status.${d.status}`)}: </span>
                              <span className="tabular-nums">{formatTime(d.openTime, language)}</span> <bdi>{name(d)}</bdi>
                            </button>
                          </li>
                        ))}
                        {list.length > 3 && (
                          <li>
                            <button
                              type="button"
                              onClick={() => onSelectDate(date)}
                              className="text-xs text-muted-foreground hover:underline"
                            >
                              {t('marketDays.calendar.more', { count: list.length - 3 })}
                            </button>
                          </li>
                        )}
                      </ul>
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-wrap gap-3 text-xs text-muted-foreground" aria-label={t('marketDays.calendar.legend')}>
        {MARKET_DAY_STATUS_VALUES.map((st) => (
          <li key={st} className="flex items-center gap-1">
            <span className={cn('size-3 rounded-sm', STATUS_DOT[st])} aria-hidden />
            {t(`marketDays.status.${st}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
