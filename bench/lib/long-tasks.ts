import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

// Long tasks of a page (PerformanceObserver 'longtask') for the browser benchmarks (P11, P14): told apart by the steps
// of a drag, with each task's CPU time from a trace when wanted (P14).

/** Installs the observer before any of the page's own scripts run, so a first render is measured too. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { s: number; d: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ s: e.startTime, d: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Long tasks as the page's observer saw them: start (page clock) and duration, in ms. */
export interface LongTask {
  s: number;
  d: number;
  /** The main thread's own CPU time in the task, from the trace (the rest is waiting for a core). */
  cpu?: number;
}
export const takeTasks = (page: Page): Promise<LongTask[]> =>
  page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks.splice(0));
/**
 * The observer must see a long task when there is one: a deliberate 80 ms page task (a timer, as the app's own work
 * would be; a DevTools evaluate is not reported), then discarded. Throws when the observer missed it.
 */
export async function proveObserver(page: Page): Promise<void> {
  await page.evaluate(() => {
    setTimeout(() => {
      const end = performance.now() + 80;
      while (performance.now() < end);
    }, 0);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const probe = (await takeTasks(page)).map((t) => t.d);
  if (!probe.some((d) => d >= 80)) throw new Error(`the long-task observer did not see an 80 ms task (${JSON.stringify(probe)})`);
}
export const pageNow = (page: Page) => page.evaluate(() => performance.now());
/** When the board's last answer arrived (page clock): what a drop renders before it is the optimistic update. */
export const boardAnswered = (page: Page) =>
  page.evaluate(() => {
    const answers = performance.getEntriesByType('resource').filter((e) => e.name.includes('/market-assignments/board?'));
    return (answers.at(-1) as PerformanceResourceTiming | undefined)?.responseEnd ?? 0;
  });

/** A drag's long tasks by step: picking the card up and carrying it, the drop until the board's refetch answered, after. */
export interface DragTasks {
  carry: LongTask[];
  drop: LongTask[];
  refetch: LongTask[];
}
export const newDragTasks = (): DragTasks => ({ carry: [], drop: [], refetch: [] });
export function splitDrag(into: DragTasks, tasks: LongTask[], droppedAt: number, answeredAt: number) {
  for (const t of tasks) (t.s < droppedAt ? into.carry : t.s < answeredAt ? into.drop : into.refetch).push(t);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Traces the page while a phase runs; the returned function stops and gives each long task of the phase its CPU
 * time: the main thread's task that started when the observer's did (a user-timing mark ties the trace's clock to
 * the page's). On a busy machine a task's wall time includes waiting for a core; its CPU time does not.
 */
export async function traceCpu(browser: Browser, page: Page, category: string) {
  await browser.startTracing(page, { categories: [...category.split(','), 'blink.user_timing'] });
  const anchorAt = await page.evaluate(() => performance.mark('p14-anchor').startTime);
  return async (tasks: LongTask[], saveAs?: string) => {
    const raw = await browser.stopTracing();
    if (saveAs) writeFileSync(saveAs, raw);
    const events = (JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const anchor = events.find((e) => e.name === 'p14-anchor');
    if (!anchor) throw new Error('the trace lacks the page mark that ties its clock to the page');
    const runs = events.filter((e) => /RunTask$/.test(e.name) && e.ph === 'X' && e.pid === anchor.pid && e.tid === anchor.tid);
    for (const t of tasks) {
      const at = anchor.ts + (t.s - anchorAt) * 1000;
      const run = runs.find((e) => Math.abs(e.ts - at) < 1500 && Math.abs((e.dur ?? 0) / 1000 - t.d) < 5);
      if (run?.tdur !== undefined) t.cpu = run.tdur / 1000;
    }
  };
}

export const durations = (tasks: LongTask[]) => tasks.map((t) => t.d);
export const drags = (t: DragTasks) => [...t.carry, ...t.drop, ...t.refetch];
