import { CalendarPlus, Repeat } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { AssignmentBoard, CheckInTab } from '../market-assignments';
import { FeesTab, PaymentsOverviewTab } from '../payment-management';
import { DayDetailsDialog } from './components/day-details-dialog';
import { DayFormDialog } from './components/day-form-dialog';
import { DayList } from './components/day-list';
import { DaysAhead } from './components/days-ahead';
import { MarketDaysToolbar } from './components/market-days-toolbar';
import { MonthCalendar } from './components/month-calendar';
import { SeriesFormDialog } from './components/series-form-dialog';
import { SeriesPanel } from './components/series-panel';
import { useMarketDays, useSeriesList, type DayFilters, type MarketDayDetail, type Series } from './market-days-api';
import { firstWeekday, formatDate, gridRange, monthOf, todayLocal } from './market-days-dates';

type View = 'calendar' | 'list' | 'series' | 'board' | 'check-in' | 'payments' | 'fees';
/** Tabs another page links to with `?view=` (the payment page's way back to the board, for one). */
const LINKED_VIEWS: readonly string[] = ['board', 'check-in', 'payments', 'fees'];
const tabClass =
  'rounded-md outline-none focus-visible:outline-2 focus-visible:outline-ring px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Market days: a month calendar, a list and the weekly series, with filters; days and series are planned here. */
export default function MarketDaysPage() {
  const { t, language } = useI18n();
  const { search } = useLocation();
  const [view, setView] = useState<View>(() => {
    const linked = new URLSearchParams(search).get('view') ?? '';
    return (LINKED_VIEWS.includes(linked) ? linked : 'calendar') as View;
  });
  const [month, setMonth] = useState(() => monthOf(todayLocal()));
  const [filters, setFilters] = useState<DayFilters>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [dayForm, setDayForm] = useState<{ open: boolean; day: MarketDayDetail | null; date?: string }>({ open: false, day: null });
  const [seriesForm, setSeriesForm] = useState<{ open: boolean; series: Series | null }>({ open: false, series: null });
  // The whole grid: the outer cells show the adjacent months' days too.
  const { from, to } = gridRange(month, firstWeekday(language));
  const days = useMarketDays(from, to, filters);
  const seriesList = useSeriesList();
  const list = days.data ?? [];
  const onSelected = selected ? list.filter((d) => d.date === selected) : [];
  const inMonth = list.filter((d) => monthOf(d.date) === month);

  const newDay = (date?: string) => setDayForm({ open: true, day: null, date });
  const newSeries = () => setSeriesForm({ open: true, series: null });
  const changeMonth = (m: string) => {
    setMonth(m);
    setSelected(null);
  };

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('route.marketEvents')}</h1>
          <p className="text-sm text-muted-foreground">{t('marketDays.page.description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={newSeries}>
            <Repeat className="size-4" aria-hidden />
            {t('marketDays.series.new')}
          </Button>
          <Button onClick={() => newDay(selected ?? undefined)}>
            <CalendarPlus className="size-4" aria-hidden />
            {t('marketDays.page.newDay')}
          </Button>
        </div>
      </div>

      <Tabs.Root value={view} onValueChange={(v) => setView(v as View)} className="flex flex-col gap-4">
        <Tabs.List aria-label={t('marketDays.page.views')} className="flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="calendar" className={tabClass}>
            {t('marketDays.view.calendar')}
          </Tabs.Trigger>
          <Tabs.Trigger value="list" className={tabClass}>
            {t('marketDays.view.list')}
          </Tabs.Trigger>
          <Tabs.Trigger value="series" className={tabClass}>
            {t('marketDays.view.series')}
          </Tabs.Trigger>
          <Tabs.Trigger value="board" className={tabClass}>
            {t('marketAssignments.board.tab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="check-in" className={tabClass}>
            {t('checkIn.tab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="payments" className={tabClass}>
            {t('pay.tab.payments')}
          </Tabs.Trigger>
          <Tabs.Trigger value="fees" className={tabClass}>
            {t('pay.tab.fees')}
          </Tabs.Trigger>
        </Tabs.List>
        {(view === 'calendar' || view === 'list' || view === 'series') && (
          <MarketDaysToolbar
            month={month}
            onMonth={changeMonth}
            filters={filters}
            onFilters={setFilters}
            showMonth={view === 'calendar'}
            showStatus={view !== 'series'}
          />
        )}
        {view === 'calendar' && days.isError && (
          <ListState
            loading={false}
            error={days.error}
            empty={false}
            loadingLabel=""
            errorLabel={t('marketDays.page.failed')}
            retryLabel={t('common.tryAgain')}
            onRetry={() => void days.refetch()}
            emptyContent={null}
          />
        )}

        <Tabs.Content value="calendar" className="flex flex-col gap-3">
          <div className={days.isFetching ? 'opacity-70 transition-opacity' : undefined} aria-busy={days.isFetching}>
            <MonthCalendar
              month={month}
              days={list}
              selected={selected}
              onSelectDate={setSelected}
              onOpenDay={setDetailsId}
              onCreateOn={newDay}
            />
          </div>
          {days.isPending && (
            <p role="status" className="text-sm text-muted-foreground">
              {t('common.loading')}
            </p>
          )}
          {days.isSuccess && inMonth.length === 0 && <p className="text-sm text-muted-foreground">{t('marketDays.page.emptyMonth')}</p>}
          {selected && (
            <section aria-labelledby="agenda-title" className="flex flex-col gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="agenda-title" className="font-medium">
                  {formatDate(selected, language, 'long')}
                </h2>
                <Button size="sm" variant="outline" onClick={() => newDay(selected)}>
                  {t('marketDays.calendar.addThisDate')}
                </Button>
              </div>
              {onSelected.length ? (
                <DayList days={onSelected} onOpen={setDetailsId} />
              ) : (
                <p className="text-sm text-muted-foreground">{t('marketDays.calendar.nothingOnDate')}</p>
              )}
            </section>
          )}
        </Tabs.Content>

        <Tabs.Content value="list">
          <DaysAhead filters={filters} onOpen={setDetailsId} onNew={() => newDay()} />
        </Tabs.Content>

        <Tabs.Content value="series">
          <SeriesPanel locationId={filters.locationId} onEdit={(s) => setSeriesForm({ open: true, series: s })} onCreate={newSeries} />
        </Tabs.Content>

        <Tabs.Content value="board">
          <AssignmentBoard />
        </Tabs.Content>
        <Tabs.Content value="check-in">
          <CheckInTab />
        </Tabs.Content>
        <Tabs.Content value="payments">
          <PaymentsOverviewTab />
        </Tabs.Content>
        <Tabs.Content value="fees">
          <FeesTab />
        </Tabs.Content>
      </Tabs.Root>

      <DayDetailsDialog
        dayId={detailsId}
        onClose={() => setDetailsId(null)}
        onEdit={(day) => {
          setDetailsId(null);
          setDayForm({ open: true, day });
        }}
        onEditSeries={(id) => {
          const s = seriesList.data?.find((x) => x.id === id);
          if (!s) return;
          setDetailsId(null);
          setSeriesForm({ open: true, series: s });
        }}
      />
      <DayFormDialog
        open={dayForm.open}
        onOpenChange={(open) => setDayForm((f) => ({ ...f, open }))}
        day={dayForm.day}
        defaultDate={dayForm.date}
        onSaved={(id) => setDetailsId(id)}
      />
      <SeriesFormDialog open={seriesForm.open} onOpenChange={(open) => setSeriesForm((f) => ({ ...f, open }))} series={seriesForm.series} />
    </section>
  );
}
