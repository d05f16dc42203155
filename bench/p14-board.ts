import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { createOrg, createUser, TEST_PASSWORD } from '../apps/server/test/factories.js';
import { testConfig } from '../apps/server/test/harness.js';
import { BOOKED, DAYS, PER_ZONE, seedBoard, TO_PLACE, ZONES } from './lib/board-fixture.js';
import {
  boardAnswered,
  drags,
  durations,
  newDragTasks,
  observeLongTasks,
  proveObserver,
  pageNow,
  splitDrag,
  takeTasks,
  traceCpu,
  type DragTasks,
  type LongTask,
} from './lib/long-tasks.js';
import { benchOut, buildSpa, webRoot } from './lib/web-build.js';
import { launchChromium } from './lib/web-chromium.js';
import { connect, signIn } from './lib/web-pages.js';

const KEYBOARD_DRAGS = 10;
const MOUSE_DRAGS = 5;
const GRID = '[data-testid="assignment-board-grid"]';
const TRAY_CARD = '[data-testid="assignment-tray"] li > button[aria-roledescription]';

/** Cell elements in the grid, and how many of them show their contents (a day out of view may leave its cells empty). */
const mountedCells = (page: Page) =>
  page.evaluate((g) => {
    const cells = [...(document.querySelector(g)?.querySelectorAll('[role="cell"]') ?? [])];
    return { all: cells.length, filled: cells.filter((c) => c.childNodes.length > 0).length };
  }, GRID);
const most = (a: { all: number; filled: number }, b: { all: number; filled: number }) => ({
  all: Math.max(a.all, b.all),
  filled: Math.max(a.filled, b.filled),
});
/** Waits until the cell shows the vendor as the server confirmed it (not the optimistic, pulsing one). */
const confirmed = (page: Page, cellSelector: string, vendor: string) =>
  page.waitForFunction(
    ([sel, name]) =>
      [...document.querySelectorAll(sel!)].some((c) => c.textContent?.includes(name!) && !c.classList.contains('animate-pulse')),
    [cellSelector, vendor],
  );

/** The tray's first card to place: its button (the drag handle) and its vendor's name. */
async function firstCard(page: Page) {
  const card = page.locator(TRAY_CARD).first();
  const vendor = (await card.locator('.font-medium').first().textContent())?.trim() ?? '';
  if (!vendor) throw new Error('the tray has no card to place');
  return { card, vendor };
}

/** Keyboard drag k: the tray's first card picked up (Space), 2-5 free slots down the day (arrows), dropped (Space). */
async function keyboardDrag(page: Page, dayId: string, k: number, into: DragTasks): Promise<number> {
  await page.locator(GRID).evaluate((el) => el.scrollTo({ top: 0 }));
  const { card, vendor } = await firstCard(page);
  await card.focus();
  await sleep(200);
  await page.evaluate(() => performance.clearResourceTimings());
  await takeTasks(page);
  const started = performance.now();
  await page.keyboard.press('Space');
  await sleep(50);
  for (let i = 0; i < 2 + (k % 4); i++) {
    await page.keyboard.press('ArrowDown');
    await sleep(80);
  }
  await page.waitForFunction(
    (name) => (document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '').includes(`${name} is over slot`),
    vendor,
  );
  const droppedAt = await pageNow(page);
  await page.keyboard.press('Space');
  await confirmed(page, `[data-testid^="cell-${dayId}-"]`, vendor);
  const ms = performance.now() - started;
  await sleep(300);
  splitDrag(into, await takeTasks(page), droppedAt, await boardAnswered(page));
  return ms;
}

/** Mouse drag k: the grid scrolled further down, the tray's first card pressed, carried onto a free cell of the day in view. */
async function mouseDrag(page: Page, dayId: string, k: number, into: DragTasks): Promise<number> {
  await page.locator(GRID).evaluate((el, top) => el.scrollTo({ top }), k * 2600);
  await sleep(300);
  const target = await page.evaluate(
    ([g, day]) => {
      const el = document.querySelector(g!)!;
      const box = el.getBoundingClientRect();
      const head = el.querySelector('[role="rowgroup"]')!.getBoundingClientRect().bottom;
      for (const c of el.querySelectorAll<HTMLElement>(`[data-free][data-day="${day}"]`)) {
        const r = c.getBoundingClientRect();
        if (r.top >= head + 2 && r.bottom <= box.bottom - 2 && r.right <= box.right)
          return { id: c.dataset.testid!, x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }
      return null;
    },
    [GRID, dayId],
  );
  if (!target) throw new Error(`no free cell of the day in view at ${k * 2600} px`);
  const { card, vendor } = await firstCard(page);
  const from = (await card.boundingBox())!;
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  await sleep(200);
  await page.evaluate(() => performance.clearResourceTimings());
  await takeTasks(page);
  const started = performance.now();
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y, { steps: 3 });
  await page.mouse.move(target.x, target.y, { steps: 20 });
  await sleep(50);
  const droppedAt = await pageNow(page);
  await page.mouse.up();
  await confirmed(page, `[data-testid="${target.id}"]`, vendor);
  const ms = performance.now() - started;
  await sleep(300);
  splitDrag(into, await takeTasks(page), droppedAt, await boardAnswered(page));
  return ms;
}

/**
 * P14: the assignment board of 300 slots x 12 days in the system Chromium (issue 16: renders and drags without
 * long tasks over 50 ms). The real SPA is served by the app over a fresh embedded PGlite; a super admin signs in
 * through the UI and opens the board, which starts on the empty "Annex"; the bench chooses "Harbour" and records
 * long tasks (PerformanceObserver installed before the app's own scripts) while: the board renders; the grid is
 * scrolled through all 300 rows and back; 10 requests are dragged from the tray with the keyboard (Space, arrows,
 * Space, each booked through the API and confirmed in its cell); 5 with the mouse onto a free cell of the next day.
 * Each drag's long tasks are told apart: pick-up and carrying, the drop until the board's refetch answered (the
 * optimistic update), and after it. P14_TRACE=toplevel adds each long task's CPU time from a trace (on a shared
 * machine a task's wall time includes waiting for a core); P14_PROFILE=<folder> writes a CPU profile per phase of an
 * unminified build (and the traces, with P14_TRACE).
 */
export async function p14(): Promise<void> {
  mkdirSync(benchOut, { recursive: true });
  const work = mkdtempSync(path.join(benchOut, 'p14-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-p14-'));
  const profileDir = process.env.P14_PROFILE;
  const traceCategory = process.env.P14_TRACE ?? '';
  const database = await openDatabase({ dataDir });
  try {
    await prepareDatabase(database, { databaseUrl: undefined, demoSeed: false });
    // Profiling wants the functions' own names: the same build, not minified, kept beside the profiles.
    const dist = profileDir ? path.join(profileDir, 'dist') : path.join(work, 'dist');
    if (profileDir)
      await build({ root: webRoot, mode: 'production', logLevel: 'error', build: { outDir: dist, emptyOutDir: true, minify: false } });
    else await buildSpa(dist);
    const app = await buildApp({ config: testConfig({ dataDir }), database, webDist: dist });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const org = await createOrg(app);
      const user = await createUser(app, { orgId: org.id, role: 'super_admin' });
      const { locationId, dayIds } = await seedBoard(app.ctx.db, org.id);
      const chromium = await launchChromium();
      try {
        const browser = await connect(chromium.port);
        try {
          const context = browser.contexts()[0]!;
          await signIn(context, baseUrl, user.email, TEST_PASSWORD);
          const page = await context.newPage();
          await page.setViewportSize({ width: 1400, height: 1000 });
          page.setDefaultTimeout(60_000);
          await observeLongTasks(page);
          await page.goto(`${baseUrl}/market-events?view=board`);
          await page.getByTestId('board-empty').waitFor({ state: 'visible' });
          await sleep(500);
          const bootTasks = await takeTasks(page);
          await proveObserver(page);
          // P14_TRACE=<trace categories> traces each phase (each long task's CPU time); P14_PROFILE=<folder> profiles it.
          const cdp = profileDir ? await context.newCDPSession(page) : null;
          if (cdp) {
            mkdirSync(profileDir!, { recursive: true });
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          }
          const trace: { stop: ((tasks: LongTask[], saveAs?: string) => Promise<void>) | null } = { stop: null };
          const saveAs = (name: string | null, ext: string) =>
            profileDir && name ? path.join(profileDir, `p14-${name}.${ext}`) : undefined;
          const phase = async (name: string | null, tasks: LongTask[] = []) => {
            await trace.stop?.(tasks, saveAs(name, 'trace.json'));
            if (cdp) {
              const { profile } = await cdp.send('Profiler.stop').catch(() => ({ profile: null }));
              if (profile && name) writeFileSync(path.join(profileDir!, `p14-${name}.cpuprofile`), JSON.stringify(profile));
              await cdp.send('Profiler.start');
            }
            if (traceCategory) trace.stop = await traceCpu(browser, page, traceCategory);
          };
          await phase(null);

          // (1) Render: choose Harbour; done when its rows show and the tray lists the first day's requests.
          const renderStarted = performance.now();
          await page.getByLabel('Location', { exact: true }).selectOption(locationId);
          await page.locator(`${GRID} [role="rowheader"]`).first().waitFor({ state: 'visible' });
          await page.locator(TRAY_CARD).first().waitFor({ state: 'visible' });
          const renderMs = performance.now() - renderStarted;
          await sleep(1000);
          const renderTasks = await takeTasks(page);
          await phase('render', renderTasks);
          let maxMounted = await mountedCells(page);
          const gridElements = await page.evaluate((g) => document.querySelector(g)!.querySelectorAll('*').length, GRID);

          // (2) Scroll: down through all 300 rows in 100 steps and back, then the wheel, as a user reading the board.
          const grid = page.locator(GRID);
          for (const k of [...Array(101).keys(), ...[...Array(101).keys()].reverse()]) {
            await grid.evaluate((el, f) => el.scrollTo({ top: (el.scrollHeight - el.clientHeight) * f }), k / 100);
            await sleep(30);
            maxMounted = most(maxMounted, await mountedCells(page));
          }
          await grid.hover();
          for (let k = 0; k < 60; k++) {
            await page.mouse.wheel(0, k < 30 ? 500 : -500);
            await sleep(20);
            maxMounted = most(maxMounted, await mountedCells(page));
          }
          const scrollTasks = await takeTasks(page);
          await phase('scroll', scrollTasks);

          // (3) Keyboard drags on the first day; (4) mouse drags on the second (its column header chooses the tray's day).
          const dragMs: number[] = [];
          const keyboard = newDragTasks();
          for (let k = 0; k < KEYBOARD_DRAGS; k++) dragMs.push(await keyboardDrag(page, dayIds[0]!, k, keyboard));
          await phase('keyboard', drags(keyboard));
          await takeTasks(page);
          await grid.locator('[role="columnheader"] button').nth(1).click();
          await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel as string).length === n, [TRAY_CARD, TO_PLACE] as const);
          await sleep(500);
          const switchTasks = await takeTasks(page);
          const mouse = newDragTasks();
          for (let k = 0; k < MOUSE_DRAGS; k++) dragMs.push(await mouseDrag(page, dayIds[1]!, k, mouse));
          maxMounted = most(maxMounted, await mountedCells(page));
          await trace.stop?.([...drags(mouse), ...switchTasks], saveAs('mouse', 'trace.json'));
          if (cdp) {
            const { profile } = await cdp.send('Profiler.stop');
            writeFileSync(path.join(profileDir!, 'p14-mouse.cpuprofile'), JSON.stringify(profile));
          }

          const line = (xs: LongTask[], traced = true) => {
            const long = xs.filter((t) => t.d > 50);
            const wall = long.length ? `${long.length} over 50 ms, longest ${fmt(Math.max(...durations(xs)))} ms` : 'none over 50 ms';
            if (!traceCategory || !traced || !xs.length) return wall;
            const cpu = xs.map((t) => t.cpu ?? t.d);
            return `${wall} [CPU time: ${cpu.filter((c) => c > 50).length} over 50 ms, longest ${fmt(Math.max(...cpu))} ms]`;
          };
          const steps = (t: DragTasks) =>
            `${line(drags(t))} (pick-up and carrying: ${line(t.carry)}; drop until the refetch answered: ${line(t.drop)}; after it: ${line(t.refetch)})`;
          const all = [...renderTasks, ...scrollTasks, ...drags(keyboard), ...drags(mouse)];
          const untimed = all.filter((t) => t.cpu === undefined).length;
          console.log(
            `P14 board render (${ZONES.length * PER_ZONE} slots x ${DAYS} days, ${BOOKED * DAYS} bookings; ${fmt(renderMs)} ms to rows and tray): long tasks ${line(renderTasks)} ` +
              `(app boot before it${traceCategory ? ', not traced' : ''}: ${line(bootTasks, false)}); ${gridElements.toLocaleString('en')} elements in the grid`,
          );
          console.log(
            `P14 board scroll (300 rows down and back, wheel): long tasks ${line(scrollTasks)}; at most ${maxMounted.all} cell elements mounted at once, ${maxMounted.filled} of them with contents (of ${ZONES.length * PER_ZONE * DAYS})`,
          );
          console.log(`P14 board keyboard drags (${KEYBOARD_DRAGS}, each booked and confirmed): long tasks ${steps(keyboard)}`);
          console.log(
            `P14 board mouse drags (${MOUSE_DRAGS}, each booked and confirmed): long tasks ${steps(mouse)}; switching the tray's day: ${line(switchTasks)}`,
          );
          console.log(
            `P14 board: ${all.filter((t) => t.d > 50).length} long tasks over 50 ms in render, scroll and drags (target: none over 50 ms); ` +
              (traceCategory
                ? `${all.filter((t) => (t.cpu ?? t.d) > 50).length} over 50 ms of CPU time${untimed ? ` (${untimed} not found in the trace: wall time)` : ''}; `
                : '') +
              `drag start to confirmed booking median ${fmt(median(dragMs))} ms (pauses included; Chromium headless, PGlite${profileDir ? ', profiled, unminified' : ''})`,
          );
          await page.close();
        } finally {
          await browser.close();
        }
      } finally {
        await chromium.close();
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(work, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => n.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
