import type { Browser } from 'playwright-core';
import { median } from './lib/load.js';
import { lighthouseVitals, type Preset, type Vitals } from './lib/web-lighthouse.js';
import { clearHttpCache, connect, DASHBOARD, signIn, SIGN_IN } from './lib/web-pages.js';
import type { WebApp } from './lib/web-server.js';

const TARGET = { lcp: 2500, tbt: 200, cls: 0.1 };

function summarise(runs: Vitals[]): Vitals {
  return { lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)), cls: median(runs.map((r) => r.cls)) };
}

const spread = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}-${f(Math.max(...xs))}`;
const sec = (ms: number) => (ms / 1000).toFixed(2);
const int = (ms: number) => String(Math.round(ms));
const cls3 = (x: number) => x.toFixed(3);

function describe(runs: Vitals[]): string {
  const m = summarise(runs);
  const lcps = runs.map((r) => r.lcp);
  const tbts = runs.map((r) => r.tbt);
  const clss = runs.map((r) => r.cls);
  return `LCP ${sec(m.lcp)} s (${spread(lcps, sec)}), TBT ${int(m.tbt)} ms (${spread(tbts, int)}), CLS ${cls3(m.cls)} (${spread(clss, cls3)})`;
}

const meets = (runs: Vitals[]) => {
  const v = summarise(runs);
  return v.lcp <= TARGET.lcp && v.tbt <= TARGET.tbt && v.cls <= TARGET.cls;
};

const PRESET_NAME: Record<Preset, string> = { mobile: 'Lighthouse default mobile config', desktop: 'Lighthouse desktop config' };

/**
 * P10 Lighthouse: the sign-in page (signed out; Lighthouse resets storage and cache) and then the
 * dashboard (signed in through the UI in the same profile; storage kept, HTTP cache cleared before
 * each run so every run is a cold load). Presets alternate run by run; Playwright is disconnected
 * while Lighthouse measures.
 */
export async function lighthouseFigure(server: WebApp, port: number, opts: { runs: number; presets: Preset[] }): Promise<void> {
  const signInRuns: Record<Preset, Vitals[]> = { mobile: [], desktop: [] };
  const dashboardRuns: Record<Preset, Vitals[]> = { mobile: [], desktop: [] };
  for (let i = 0; i < opts.runs; i++) {
    for (const preset of opts.presets) signInRuns[preset].push(await lighthouseVitals(`${server.url}${SIGN_IN.path}`, port, preset, false));
  }

  await withBrowser(port, (browser) => {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    return signIn(context, server.url, server.email, server.password);
  });
  for (let i = 0; i < opts.runs; i++) {
    for (const preset of opts.presets) {
      await withBrowser(port, clearHttpCache);
      dashboardRuns[preset].push(await lighthouseVitals(`${server.url}${DASHBOARD.path}`, port, preset, true));
    }
  }

  for (const preset of opts.presets) {
    const a = signInRuns[preset];
    const b = dashboardRuns[preset];
    console.log(
      `P10 Lighthouse sign-in: ${describe(a)}; dashboard: ${describe(b)} ` +
        `(median of ${opts.runs} with range, ${PRESET_NAME[preset]}, simulated throttling, ${server.driver}; ` +
        `targets LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1: ${meets(a) && meets(b) ? 'met' : 'NOT met'})`,
    );
  }
}

async function withBrowser<T>(port: number, work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await connect(port);
  try {
    return await work(browser);
  } finally {
    // A browser reached through connectOverCDP is only disconnected by close(), not shut down.
    await browser.close();
  }
}
