import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bundleFigure, type BundleFigure, type RouteName } from './p10-bundle.js';
import { lighthouseFigure } from './p10-lighthouse.js';
import { benchOut, kB, sumSizes } from './lib/web-build.js';
import { launchChromium } from './lib/web-chromium.js';
import type { Preset } from './lib/web-lighthouse.js';
import { connect, DASHBOARD, scriptsUntilReady, signIn, SIGN_IN } from './lib/web-pages.js';
import { startWebApp, type WebApp } from './lib/web-server.js';

/**
 * P10: initial JavaScript of the sign-in route and the dashboard against a bare React build made in
 * the same run, checked against what Chromium really fetches; then Lighthouse LCP/TBT/CLS of both.
 */
export async function p10(opts: { lighthouseRuns: number; presets: Preset[] }): Promise<void> {
  mkdirSync(benchOut, { recursive: true });
  const work = mkdtempSync(path.join(benchOut, 'p10-'));
  try {
    const bundle = await bundleFigure(work);
    const server = await startWebApp(bundle.appDist);
    try {
      const chromium = await launchChromium();
      try {
        await browserCrossCheck(bundle, server, chromium.port);
        await lighthouseFigure(server, chromium.port, { runs: opts.lighthouseRuns, presets: opts.presets });
      } finally {
        await chromium.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Cold loads in fresh contexts: the JS requested before each page shows, compared with the manifest's answer. */
async function browserCrossCheck(bundle: BundleFigure, server: WebApp, port: number): Promise<void> {
  const browser = await connect(port);
  try {
    const signedOut = await browser.newContext();
    const signInLoaded = await scriptsUntilReady(signedOut, server.url, SIGN_IN);
    await signIn(signedOut, server.url, server.email, server.password);
    const storageState = await signedOut.storageState();
    await signedOut.close();
    // A new context has its own empty HTTP cache; the session comes along in its localStorage.
    const signedIn = await browser.newContext({ storageState });
    const dashboardLoaded = await scriptsUntilReady(signedIn, server.url, DASHBOARD);
    await signedIn.close();

    const line = (name: RouteName, loaded: string[]) => {
      const predicted = bundle.routeFiles[name];
      const extra = loaded.filter((f) => !predicted.includes(f)).map((f) => path.basename(f));
      const missing = predicted.filter((f) => !loaded.includes(f)).map((f) => path.basename(f));
      const same = !extra.length && !missing.length;
      const diff = [extra.length ? `also ${extra.join(', ')}` : '', missing.length ? `not ${missing.join(', ')}` : '']
        .filter(Boolean)
        .join('; ');
      const s = sumSizes(bundle.appDist, loaded);
      return `${name} ${loaded.length} files = ${kB(s.gz)} kB gz (${kB(s.raw)} kB raw; ${same ? 'same files as the manifest' : diff})`;
    };
    console.log(
      `P10 JS fetched by Chromium before the page shows: ${line('sign-in', signInLoaded)}, ${line('dashboard', dashboardLoaded)}`,
    );
  } finally {
    await browser.close();
  }
}
