import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export interface PageRoute {
  name: string;
  path: string;
  /** Something only the rendered page shows, so "ready" means the user sees the page, not just a spinner. */
  ready: (page: Page) => Promise<void>;
}

const ACTION_TIMEOUT = 30_000;

export const SIGN_IN: PageRoute = {
  name: 'sign-in',
  path: '/auth',
  ready: (page) => page.getByLabel('Email').waitFor({ state: 'visible', timeout: ACTION_TIMEOUT }),
};

export const DASHBOARD: PageRoute = {
  name: 'dashboard',
  path: '/dashboard',
  ready: (page) => page.getByTestId('members-count').waitFor({ state: 'visible', timeout: ACTION_TIMEOUT }),
};

export function connect(port: number): Promise<Browser> {
  return chromium.connectOverCDP(`http://127.0.0.1:${port}`, { timeout: ACTION_TIMEOUT });
}

/** Signs in through the UI, leaving the session (localStorage `market-auth`) in the context's storage. */
export async function signIn(context: BrowserContext, baseUrl: string, email: string, password: string): Promise<void> {
  const page = await context.newPage();
  try {
    page.setDefaultTimeout(ACTION_TIMEOUT);
    await page.goto(`${baseUrl}${SIGN_IN.path}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await DASHBOARD.ready(page);
  } finally {
    await page.close();
  }
}

/** Paths of the JS files requested from loading `route` until it is ready, in a context with an empty cache. */
export async function scriptsUntilReady(context: BrowserContext, baseUrl: string, route: PageRoute): Promise<string[]> {
  const page = await context.newPage();
  const scripts: string[] = [];
  let recording = true;
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    // modulepreload requests are not always typed "script"; the file name is what matters.
    if (recording && pathname.endsWith('.js')) scripts.push(pathname.replace(/^\//, ''));
  });
  try {
    await page.goto(`${baseUrl}${route.path}`, { timeout: ACTION_TIMEOUT });
    await route.ready(page);
    recording = false;
    return [...new Set(scripts)];
  } finally {
    await page.close();
  }
}

/** Empties Chromium's HTTP cache (the whole browser's), keeping storage such as the signed-in session. */
export async function clearHttpCache(browser: Browser): Promise<void> {
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  } finally {
    await page.close();
  }
}
