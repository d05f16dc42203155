import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';

export type Preset = 'mobile' | 'desktop';

export interface Vitals {
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Cumulative Layout Shift, unitless. */
  cls: number;
}

export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One Lighthouse performance run against the Chromium listening on `port`. keepStorage keeps the
 * profile's localStorage (the signed-in session); the HTTP cache must then be cleared by the caller
 * so every run is a cold load.
 */
export async function lighthouseVitals(url: string, port: number, preset: Preset, keepStorage: boolean): Promise<Vitals> {
  const flags: Flags = {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    maxWaitForLoad: 30_000,
  };
  const result = await withTimeout(
    lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined),
    120_000,
    `Lighthouse on ${url}`,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const keep = process.env.BENCH_LIGHTHOUSE_DIR;
  if (keep) {
    // The full reports (trace breakdown: TTFB, load delay, render delay of the LCP element) for a closer look.
    mkdirSync(keep, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    writeFileSync(path.join(keep, name), JSON.stringify(lhr));
  }
  if (lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (session lost?)`);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url} has no ${id}: ${lhr.audits[id]?.errorMessage ?? 'not measured'}`);
    return value;
  };
  return { lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift') };
}
