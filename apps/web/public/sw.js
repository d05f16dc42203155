// The back office's service worker: keeps the app shell so a page that was open once (the POS register above
// all) loads again without a connection. Only the shell is kept: index.html as the server serves it (with the
// public configuration inlined and its Content-Security-Policy header) and the built files under /assets/.
// API answers (/api/), auth, storage and realtime are never cached: they always go to the network.
//
// - Navigations: network first; the answer is kept as the shell; offline, the kept shell answers.
// - /assets/*: cache first (file names carry a content hash, so a kept file never goes stale).
// - A new shell (a new deployment) brings the files it names into the cache and drops the previous build's.

const SHELL_CACHE = 'market-shell-v1';
const ASSET_CACHE = 'market-assets-v1';
const SHELL_KEY = '/';
const NEVER = ['/api/', '/auth/v1', '/storage/v1', '/realtime/'];

/** The built files a shell names: its scripts, styles and preloads, and every staff page's files (route-chunks). */
function assetsOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/\/?assets\/[\w.-]+\.(?:js|css)/g)) found.add(m[0].startsWith('/') ? m[0] : `/${m[0]}`);
  return [...found];
}

/** Keeps `response` (a copy of it) as the shell; on a new shell, caches its files and drops files no longer named. */
async function keepShell(response) {
  const html = await response.clone().text();
  const shell = await caches.open(SHELL_CACHE);
  const previous = await shell.match(SHELL_KEY);
  const previousHtml = previous ? await previous.text() : null;
  await shell.put(SHELL_KEY, response);
  if (previousHtml === html) return;
  const wanted = assetsOf(html);
  const assets = await caches.open(ASSET_CACHE);
  // One file failing (a deployment in progress) must not keep the others out.
  await Promise.all(
    wanted.map(async (path) => {
      if (await assets.match(path, { ignoreVary: true })) return;
      try {
        const res = await fetch(path, { credentials: 'same-origin' });
        if (res.ok) await assets.put(path, res);
      } catch {
        // Cached when the page asks for it.
      }
    }),
  );
  // The previous build's files the new one no longer names (files only loaded on demand are few, and stay).
  if (previousHtml) {
    const keep = new Set(wanted);
    for (const path of assetsOf(previousHtml)) if (!keep.has(path)) await assets.delete(path, { ignoreVary: true });
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const res = await fetch(SHELL_KEY, { cache: 'no-store', credentials: 'same-origin' });
        if (res.ok && (res.headers.get('content-type') ?? '').includes('text/html')) await keepShell(res);
      } catch {
        // Offline at install: the first navigation online keeps the shell.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) if (name.startsWith('market-') && !current.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function navigation(event) {
  try {
    const res = await fetch(event.request);
    // /index.html is the built file without the configuration the server inlines: never kept as the shell.
    const isShell =
      res.ok && new URL(event.request.url).pathname !== '/index.html' && (res.headers.get('content-type') ?? '').includes('text/html');
    if (isShell) event.waitUntil(keepShell(res.clone()));
    return res;
  } catch (err) {
    const kept = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

async function asset(event) {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const res = await fetch(event.request);
  if (res.ok) event.waitUntil(cache.put(event.request, res.clone()));
  return res;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || NEVER.some((p) => url.pathname.startsWith(p))) return;
  if (req.mode === 'navigate') event.respondWith(navigation(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(event));
});
