import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { defaultRange, formatLongDate, rangeProblem, todayLocal, type DateRange } from '../board-dates';
import { newKeyboardNav } from '../board-dnd';
import { useBoardIndex } from '../board-model';
import { marketAssignmentKeys, useBoard, useBoardLocations, useNextMarketDays } from '../market-assignments-api';
import { BoardActionsProvider } from './board-actions';
import { BoardDnd } from './board-dnd-context';
import { BoardGrid } from './board-grid';
import { BoardToolbar } from './board-toolbar';
import { CategoryGapsPanel } from './category-gaps-panel';
import { DayTray } from './day-tray';
import { WaitlistPanel } from '../waitlist-panel';
import { AllocationDialog } from '../allocation-dialog';
import { LayoutGrid, Map as MapIcon, Wand2 } from 'lucide-react';
import { BoardDayPlan } from './board-day-plan';
import { formatDayMonth, formatWeekday } from '../board-dates';
import { Button } from '../../../components/ui/button';

const NO_REQUESTS: never[] = [];

/**
 * The assignment board of one location: its slots down, market days across (the next twelve by default,
 * at most 31 days), the selected day's requests to place and its category gaps beside them.
 */
export function AssignmentBoard() {
  const { t, language } = useI18n();
  const locations = useBoardLocations();
  const [chosenLocation, setChosenLocation] = useState<string | null>(null);
  const all = locations.data ?? [];
  const locationId = chosenLocation ?? all.find((l) => l.status === 'active')?.id ?? all[0]?.id ?? null;

  const [today] = useState(todayLocal);
  const next = useNextMarketDays(locationId, today);
  const [typed, setTyped] = useState<DateRange | null>(null);
  const nextRange = useMemo(
    () =>
      next.data
        ? defaultRange(
            next.data.filter((d) => d.status !== 'cancelled').map((d) => d.date),
            today,
          )
        : null,
    [next.data, today],
  );
  const range = typed ?? nextRange;
  const problem = typed ? rangeProblem(typed) : null;
  const shown = problem ? null : range;
  const board = useBoard(locationId, shown?.from ?? null, shown?.to ?? null);
  const boardKey = useMemo(
    () => marketAssignmentKeys.board(locationId ?? '', shown?.from ?? '', shown?.to ?? ''),
    [locationId, shown?.from, shown?.to],
  );
  // A board answer is rendered in the background, in slices that leave the page free to answer between them
  // (a 300 x 12 board's first render was the page's longest task, P14). Meanwhile the previous answer of the
  // same board stays; another board's (a location or range before) does not show.
  const deferred = useDeferredValue(useMemo(() => ({ key: boardKey, data: board.data }), [boardKey, board.data]));
  const data = deferred.key === boardKey ? deferred.data : undefined;
  const index = useBoardIndex(data);
  const nav = useRef(newKeyboardNav());

  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [allocating, setAllocating] = useState(false);
  const [layout, setLayout] = useState<'grid' | 'plan'>('grid');
  const location = all.find((l) => l.id === locationId);
  const columns = index?.columns ?? [];
  const selected = columns.find((c) => c.id === chosenDay) ?? columns[0] ?? null;
  const selectedDate = selected ? formatLongDate(selected.date, language) : '';
  // The stalls a waitlisted vendor can be offered by hand that day.
  const freeSlots = useMemo(
    () =>
      selected && index
        ? (index.freeRowsByDay.get(selected.id) ?? []).map((r) => ({
            id: index.rows[r]!.slot.id,
            code: index.rows[r]!.slot.code,
            categoryId: index.rows[r]!.slot.categoryId,
          }))
        : [],
    [selected, index],
  );

  const changeLocation = (id: string) => {
    setChosenLocation(id);
    setTyped(null);
    setChosenDay(null);
  };
  const loading = locations.isPending || (!!locationId && (next.isPending || (!!shown && board.isPending))) || (!!board.data && !data);
  const error = locations.error ?? next.error ?? board.error;
  const retry = () => void (locations.error ? locations.refetch() : next.error ? next.refetch() : board.refetch());

  return (
    <section className="flex flex-col gap-4" data-testid="assignment-board">
      <BoardToolbar
        locationId={locationId ?? ''}
        onLocation={changeLocation}
        range={range ?? { from: today, to: today }}
        onRange={setTyped}
        problem={problem}
        onNextDays={() => setTyped(null)}
      />
      <ListState
        loading={loading && !error}
        error={error}
        empty={locations.isSuccess && all.length === 0}
        loadingLabel={t('marketAssignments.board.loading')}
        errorLabel={t('marketAssignments.board.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={retry}
        emptyContent={
          <>
            {t('marketAssignments.board.noLocations')}{' '}
            <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/market-locations">
              {t('marketAssignments.board.toLocations')}
            </Link>
          </>
        }
      />
      {data && index && !error && (
        <>
          {index.rows.length === 0 && (
            <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="board-empty">
              {t('marketAssignments.board.noSlots')}{' '}
              <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/market-slots">
                {t('marketAssignments.board.toSlots')}
              </Link>
            </p>
          )}
          {index.rows.length > 0 && columns.length === 0 && (
            <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="board-empty">
              {t('marketAssignments.board.noDays')}
            </p>
          )}
          {index.rows.length > 0 && selected && (
            <BoardActionsProvider boardKey={boardKey}>
              <BoardDnd index={index} boardKey={boardKey} nav={nav}>
                <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
                  <div className="flex min-w-0 flex-col gap-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <div role="group" aria-label={t('marketAssignments.layout.label')} className="flex rounded-md border p-0.5">
                        {(['grid', 'plan'] as const).map((l) => (
                          <Button
                            key={l}
                            size="sm"
                            variant={layout === l ? 'default' : 'ghost'}
                            aria-pressed={layout === l}
                            onClick={() => setLayout(l)}
                            data-testid={`board-layout-${l}`}
                          >
                            {l === 'grid' ? <LayoutGrid className="size-4" aria-hidden /> : <MapIcon className="size-4" aria-hidden />}
                            {t(`marketAssignments.layout.${l}`)}
                          </Button>
                        ))}
                      </div>
                      {layout === 'plan' && (
                        <div role="group" aria-label={t('marketAssignments.plan.days')} className="flex flex-wrap gap-1">
                          {data.days.map((d) => (
                            <Button
                              key={d.id}
                              size="sm"
                              variant={d.id === selected.id ? 'default' : 'outline'}
                              aria-pressed={d.id === selected.id}
                              onClick={() => setChosenDay(d.id)}
                              title={t('marketAssignments.board.free', { count: d.freeSlots })}
                            >
                              {formatWeekday(d.date, language)} {formatDayMonth(d.date, language)}
                            </Button>
                          ))}
                        </div>
                      )}
                    </div>
                    {layout === 'grid' || !location ? (
                      <BoardGrid index={index} days={data.days} selectedDay={selected.id} onSelectDay={setChosenDay} nav={nav} />
                    ) : (
                      <BoardDayPlan index={index} column={selected} dateLabel={selectedDate} location={location} />
                    )}
                  </div>
                  <div className="flex flex-col gap-4">
                    {selected.open && (
                      <Button variant="outline" onClick={() => setAllocating(true)} data-testid="allocate-open">
                        <Wand2 className="size-4" aria-hidden />
                        {t('marketAssignments.allocation.open')}
                      </Button>
                    )}
                    <DayTray requests={index.requestsByDay.get(selected.id) ?? NO_REQUESTS} dateLabel={selectedDate} open={selected.open} />
                    <CategoryGapsPanel dayId={selected.id} dateLabel={selectedDate} />
                    <section className="flex flex-col gap-2 rounded-lg border bg-card p-3">
                      <h2 className="font-medium">{t('waitlist.title')}</h2>
                      <WaitlistPanel dayId={selected.id} freeSlots={freeSlots} />
                    </section>
                  </div>
                </div>
              </BoardDnd>
            </BoardActionsProvider>
          )}
          {selected && <AllocationDialog marketDayId={selected.id} open={allocating} onOpenChange={setAllocating} />}
        </>
      )}
    </section>
  );
}
