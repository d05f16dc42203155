import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../apps/server/src/app.js';
import { createUser, TEST_PASSWORD } from '../apps/server/test/factories.js';
import { testConfig } from '../apps/server/test/harness.js';
import { openBenchPostgres } from './lib/bench-db.js';
import { benchOut, buildSpa } from './lib/web-build.js';
import { launchChromium } from './lib/web-chromium.js';
import { connect, signIn } from './lib/web-pages.js';
import { durations, observeLongTasks, proveObserver, takeTasks } from './lib/long-tasks.js';
import { ensureProductFixture } from './lib/product-fixture.js';

const ROWS = 50_000;

/**
 * P11: the products page with 50,000 rows loaded client-side in the system Chromium. The real SPA
 * (built with its own vite config) is served by the app over a 50,000-product organization of the
 * fixture (market_bench); a super admin signs in through the UI and opens /products; the bench scrolls
 * the grid to its end until all 50,000 rows are loaded (the page fetches the next keyset page as the
 * end comes into view), then scrolls back through the whole list in steps. Throughout, it samples the
 * mounted row elements (target <= 100) and records long tasks with a PerformanceObserver (target:
 * none over 50 ms while scrolling).
 */
export async function p11(): Promise<void> {
  mkdirSync(benchOut, { recursive: true });
  const work = mkdtempSync(path.join(benchOut, 'p11-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-p11-'));
  const { database, url: databaseUrl } = await openBenchPostgres('market_bench');
  try {
    const fixture = await ensureProductFixture(database, ROWS);
    const dist = path.join(work, 'dist');
    await buildSpa(dist);
    const app = await buildApp({ config: testConfig({ dataDir, databaseUrl }), database, webDist: dist });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const baseUrl = `http://127.0.0.1:${port}`;
      const user = await createUser(app, { orgId: fixture.orgId, role: 'super_admin' });
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
          await page.goto(`${baseUrl}/products`);
          const grid = page.getByTestId('products-grid');
          await page.getByTestId('product-row').first().waitFor({ state: 'visible' });
          await takeTasks(page);
          await proveObserver(page);
          const rows = () => page.evaluate(() => document.querySelectorAll('[data-testid="product-row"]').length);
          const loaded = () =>
            page.evaluate(
              () => Number((document.querySelector('[data-testid="products-loaded"]')?.textContent ?? '').replace(/[^\d]/g, '')) || 0,
            );
          let maxMounted = await rows();
          const started = performance.now();
          let last = 0;
          let stalled = 0;
          // Load: keep the end of the list in view until every row is loaded (bounded: 10 minutes, or 30 s without progress).
          while (performance.now() - started < 600_000) {
            await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
            await sleep(60);
            maxMounted = Math.max(maxMounted, await rows());
            const n = await loaded();
            if (n >= ROWS) break;
            stalled = n === last ? stalled + 60 : 0;
            last = n;
            if (stalled > 30_000) throw new Error(`the grid stopped loading at ${n} rows`);
          }
          const loadSeconds = (performance.now() - started) / 1000;
          const total = await loaded();
          const loadTasks = durations(await takeTasks(page));
          const cdp = process.env.P11_PROFILE ? await context.newCDPSession(page) : null;
          if (cdp) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.start');
          }
          // Scroll: back to the top through the whole list in 200 steps, as a user dragging the scrollbar.
          for (let k = 200; k >= 0; k--) {
            await grid.evaluate((el, f) => el.scrollTo({ top: el.scrollHeight * f }), k / 200);
            await sleep(30);
            maxMounted = Math.max(maxMounted, await rows());
          }
          // Wheel scrolling near the top, as a user reading the list.
          await grid.hover();
          for (let k = 0; k < 60; k++) {
            await page.mouse.wheel(0, 600);
            await sleep(20);
            maxMounted = Math.max(maxMounted, await rows());
          }
          if (cdp) {
            const { profile } = await cdp.send('Profiler.stop');
            const { writeFileSync } = await import('node:fs');
            writeFileSync(process.env.P11_PROFILE!, JSON.stringify(profile));
          }
          const scrollTasks = durations(await takeTasks(page));
          const worst = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
          console.log(
            `P11 products grid with ${total.toLocaleString('en')} rows loaded (${fmt(loadSeconds)} s to load by scrolling): at most ${maxMounted} row elements mounted (target <= 100); ` +
              `long tasks while scrolling: ${scrollTasks.filter((d) => d > 50).length} over 50 ms, longest ${fmt(worst(scrollTasks))} ms (target: none over 50 ms); ` +
              `while loading pages: ${loadTasks.filter((d) => d > 50).length} over 50 ms, longest ${fmt(worst(loadTasks))} ms (Chromium headless, PostgreSQL)`,
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
