import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { formatNumber } from '../../../app/i18n/locale-format';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { formatDayMonth, formatLongDate, formatWeekday } from '../board-dates';
import { HeldDayContext, type KeyboardNav } from '../board-dnd';
import { cellLabels } from '../board-labels';
import type { BoardIndex } from '../board-model';
import type { BoardDay } from '../market-assignments-api';
import { BoardRowView, ROW_HEIGHT } from './board-row';

const SLOT_REM = 8.5;
const DAY_REM = 9.5;
/** Rows and days mounted beyond each edge of the view, once the board has painted. */
const OVERSCAN = 8;
const DAY_OVERSCAN = 1;

const rootFontPx = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * Days across, slots down. Only the rows in view (and a few around them) are mounted: 300 slots x 12 days
 * would otherwise be 3,600 cells with their drag and drop hooks, and dnd-kit copies its registry once per
 * registered target. Of a mounted row, only the days in view (and one beside them, the tray's day and the held
 * card's day) have their cells filled; the others are empty cells, so every row keeps its twelve cells and
 * their order for screen readers. In RTL the days run right to left by the grid's own direction.
 */
export function BoardGrid({
  index,
  days,
  selectedDay,
  onSelectDay,
  nav,
}: {
  index: BoardIndex;
  days: BoardDay[];
  selectedDay: string | null;
  onSelectDay: (dayId: string) => void;
  nav: MutableRefObject<KeyboardNav>;
}) {
  const { t, language, direction } = useI18n();
  const heldDay = useContext(HeldDayContext);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { columns, rows } = index;
  // The cells in view come first, and the rows and days around them (for scrolling) in a later task, after the
  // first paint: building and laying out every mounted cell in one task was the board's longest (P14).
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setSettled(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [settled]);
  const [rem] = useState(rootFontPx);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: settled ? OVERSCAN : 1,
    useFlushSync: false,
  });
  const pinned = useMemo(
    () => [selectedDay, heldDay].map((id) => columns.findIndex((c) => c.id === id)).filter((i) => i >= 0),
    [columns, selectedDay, heldDay],
  );
  const withPinned = useCallback(
    (range: Range) => [...new Set([...defaultRangeExtractor(range), ...pinned])].sort((a, b) => a - b),
    [pinned],
  );
  const dayWindow = useVirtualizer({
    horizontal: true,
    isRtl: direction === 'rtl',
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DAY_REM * rem,
    paddingStart: SLOT_REM * rem,
    overscan: settled ? DAY_OVERSCAN : 0,
    rangeExtractor: withPinned,
    useFlushSync: false,
  });
  const shownDays = dayWindow
    .getVirtualItems()
    .map((v) => v.index)
    .join();
  const filled = useMemo(() => {
    const shown = new Set(shownDays.split(',').map(Number));
    return columns.map((_, i) => shown.has(i));
  }, [columns, shownDays]);
  useEffect(() => {
    nav.current.reveal = (row) => virtualizer.scrollToIndex(row, { align: 'auto' });
  }, [nav, virtualizer]);

  const labels = useMemo(() => cellLabels(t), [t]);
  const dateLabels = useMemo(() => columns.map((c) => formatLongDate(c.date, language)), [columns, language]);
  const template = `${SLOT_REM}rem repeat(${columns.length}, ${DAY_REM}rem)`;
  const counts = useMemo(() => new Map(days.map((d) => [d.id, d])), [days]);
  const metres = (n: number) => formatNumber(n, language, { maximumFractionDigits: 1 });

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={t('marketAssignments.board.gridLabel')}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      className="relative h-[min(70dvh,44rem)] min-h-80 overflow-auto rounded-lg border bg-card"
      data-testid="assignment-board-grid"
    >
      <div className="min-w-max">
        <div role="rowgroup" className="sticky top-0 z-20 bg-card">
          <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: template }}>
            <div
              role="columnheader"
              className="sticky start-0 z-10 flex items-end border-e border-b bg-card p-2 text-xs font-medium text-muted-foreground"
            >
              {t('marketAssignments.board.slot')}
            </div>
            {columns.map((c, i) => {
              const d = counts.get(c.id);
              const selected = c.id === selectedDay;
              return (
                <div key={c.id} role="columnheader" className={cn('border-e border-b', selected && 'bg-accent')}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-label={t('marketAssignments.board.selectDay', { date: dateLabels[i]! })}
                    onClick={() => onSelectDay(c.id)}
                    className="flex w-full flex-col items-start gap-0.5 p-2 text-start text-xs outline-none hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="text-sm font-semibold">
                      {formatWeekday(c.date, language)} {formatDayMonth(c.date, language)}
                    </span>
                    {c.status !== 'published' && <span className="text-muted-foreground">{t(`marketDays.status.${c.status}`)}</span>}
                    {d && (
                      <span className="text-muted-foreground" data-testid={`day-counts-${c.id}`}>
                        {t('marketAssignments.board.free', { count: d.freeSlots })} ·{' '}
                        {t('marketAssignments.board.pending', { count: d.pendingRequests })}
                      </span>
                    )}
                  </button>
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index]!;
            return (
              <BoardRowView
                key={row.slot.id}
                row={row}
                index={v.index}
                start={v.start}
                columns={columns}
                filled={filled}
                dateLabels={dateLabels}
                labels={labels}
                template={template}
                sizeLabel={t('marketAssignments.board.size', { width: metres(row.slot.widthM), depth: metres(row.slot.depthM) })}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
