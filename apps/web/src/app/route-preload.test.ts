import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkCycle, moduleStatements, ROUTE_CHUNKS_PLACEHOLDER, routePreloads, staffPageModules } from '../../vite.config';
import { STAFF_ROUTES } from './route-table';

const webRoot = path.resolve(import.meta.dirname, '../..');
const src = (p: string) => path.join(webRoot, 'src', p);

describe('the build reads the staff routes it preloads', () => {
  it('finds every staff route that loads a page, with its module', () => {
    const found = staffPageModules(readFileSync(src('app/route-table.ts'), 'utf8'));
    expect(found.map((r) => r.path)).toEqual(STAFF_ROUTES.filter((r) => r.load).map((r) => r.path));
    expect(found.find((r) => r.path === '/dashboard')?.module).toBe(src('features/dashboard/dashboard-page'));
  });

  it("lists the shell's files and each page's own, leaving out what the entry already preloads", () => {
    const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
      ({ type: 'chunk', fileName, imports, facadeModuleId: null, isEntry: false, ...extra }) as unknown as Rollup.OutputChunk;
    const bundle = {
      'index.js': chunk('index.js', ['react.js'], { isEntry: true }),
      'react.js': chunk('react.js', []),
      'shell.js': chunk('shell.js', ['react.js', 'menu.js'], { facadeModuleId: src('components/layout/app-shell.tsx') }),
      'menu.js': chunk('menu.js', ['react.js']),
      'dash.js': chunk('dash.js', ['menu.js', 'chart.js'], { facadeModuleId: src('features/dashboard/dashboard-page.tsx') }),
      'chart.js': chunk('chart.js', []),
    } as Rollup.OutputBundle;
    const preloads = routePreloads(bundle, [{ path: '/dashboard', module: src('features/dashboard/dashboard-page') }]);
    expect(preloads).toEqual({ shell: ['shell.js', 'menu.js'], pages: [['/dashboard', ['dash.js', 'chart.js']]] });
  });
});

describe('the build groups the modules on the way to a staff page', () => {
  it('reads what a module takes from others and what an index file passes on', () => {
    const page = moduleStatements(
      `import { a, b as c, type T } from './x';\nimport d, * as ns from 'lib';\nimport './side.css';\nimport type { U } from './u';\nexport const own = 1;\nexport default function Page() {}`,
    )!;
    expect(page.imports).toEqual([
      { spec: './x', names: ['a', 'b'] },
      { spec: 'lib', names: ['default', '*'] },
      { spec: './side.css', names: ['*'] },
    ]);
    expect([...page.own].sort()).toEqual(['Page', 'default', 'own']);
    expect(page.barrel).toBe(false);

    const index = moduleStatements(
      `// What others use.\nexport { One } from './one';\nexport { Two as Deux, type Three } from './two';\nexport * from './rest';\nimport * as Dir from './dir';\nexport { Dir };`,
    )!;
    expect(index.barrel).toBe(true);
    expect(Object.fromEntries(index.reexports)).toEqual({ One: ['./one', 'One'], Deux: ['./two', 'Two'] });
    expect(index.stars).toEqual(['./rest']);
    expect(Object.fromEntries(index.passed)).toEqual({ Dir: ['./dir', '*'] });
    expect(moduleStatements('module.exports = require("./x");')).toBeNull();
  });

  it('finds chunks that import each other', () => {
    const chunk = (fileName: string, imports: string[]) => ({ type: 'chunk', fileName, imports }) as unknown as Rollup.OutputChunk;
    const ok = { 'a.js': chunk('a.js', ['b.js']), 'b.js': chunk('b.js', ['c.js']), 'c.js': chunk('c.js', []) } as Rollup.OutputBundle;
    expect(chunkCycle(ok)).toBeNull();
    const loop = { ...ok, 'c.js': chunk('c.js', ['a.js']) } as Rollup.OutputBundle;
    expect(chunkCycle(loop)).toEqual(['a.js', 'b.js', 'c.js', 'a.js']);
  });
});

/** index.html's first script, with the route files the build would write. */
function earlyScript(chunks: unknown): string {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).find((s) => s.includes('__MARKET_EARLY__'));
  expect(script).toContain(ROUTE_CHUNKS_PLACEHOLDER);
  return script!.replace(ROUTE_CHUNKS_PLACEHOLDER, `${JSON.stringify(chunks)};`);
}

describe("index.html's early requests", () => {
  const chunks = [
    ['shell.js'],
    [
      ['/dashboard', ['dash.js']],
      ['/products/:id', ['product.js']],
    ],
  ];
  const token = 'header.payload.signature';
  afterEach(() => {
    window.__MARKET_EARLY__ = undefined;
    (window as { __MARKET_CONFIG__?: unknown }).__MARKET_CONFIG__ = undefined;
  });

  function run(url: string, opts: { session?: boolean; language?: string; vendorHost?: string; me?: { permissions: string[] } } = {}) {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
    if (opts.session) {
      localStorage.setItem('market-auth', JSON.stringify({ access_token: token, expires_at: Math.floor(Date.now() / 1000) + 3600 }));
    }
    if (opts.language) localStorage.setItem('pim-language', opts.language);
    (window as { __MARKET_CONFIG__?: unknown }).__MARKET_CONFIG__ = { vendorHost: opts.vendorHost ?? null };
    const fetches: [string, Record<string, string>][] = [];
    // The network and the parser's output are what the script hands its work to; both are recorded here.
    vi.stubGlobal('fetch', (u: string, init: { headers: Record<string, string> }) => {
      fetches.push([u, init.headers]);
      // The caller answers when the test gives one; every other request stays in flight.
      if (u === '/api/v1/me' && opts.me) return Promise.resolve(new Response(JSON.stringify(opts.me), { status: 200 }));
      return new Promise(() => {});
    });
    const written: string[] = [];
    vi.spyOn(document, 'write').mockImplementation((...html: string[]) => void written.push(html.join('')));
    new Function(earlyScript(chunks))();
    return { fetches, written: written.join('') };
  }

  it('asks, with the stored token, for the texts, the caller and the figures of the dashboard, and preloads its modules', () => {
    const { fetches, written } = run('http://localhost/', { session: true, language: 'ar' });
    const auth = { authorization: `Bearer ${token}` };
    expect(fetches).toEqual([
      ['/api/v1/languages', auth],
      ['/api/v1/translations/dictionary?language=ar', auth],
      ['/api/v1/translations/dictionary?language=en', auth],
      ['/api/v1/me', auth],
      ['/api/v1/dashboard', auth],
      ['/api/v1/dashboard/catalogue', auth],
      ['/api/v1/dashboard/operations', auth],
    ]);
    expect(window.__MARKET_EARLY__?.authorization).toBe(`Bearer ${token}`);
    expect(written).toBe(
      '<link rel="modulepreload" crossorigin href="/shell.js" /><link rel="modulepreload" crossorigin href="/dash.js" />',
    );
  });

  it("asks for the next market days on the dashboard once the caller's permissions show that card", async () => {
    const upcoming = '/api/v1/market-days/upcoming?limit=5';
    const manager = run('http://localhost/dashboard', { session: true, me: { permissions: ['dashboard', 'vendor_management'] } });
    await vi.waitFor(() => expect(manager.fetches.map(([u]) => u)).toContain(upcoming));
    expect(manager.fetches.at(-1)).toEqual([upcoming, { authorization: `Bearer ${token}` }]);
    expect(window.__MARKET_EARLY__?.requests[upcoming]).toBeDefined();

    const marketing = run('http://localhost/dashboard', { session: true, me: { permissions: ['dashboard', 'products'] } });
    // The early answer fails (the app then asks itself, were the card ever shown), and nothing is sent.
    await expect(window.__MARKET_EARLY__?.requests[upcoming]).rejects.toThrow();
    expect(marketing.fetches.map(([u]) => u)).not.toContain(upcoming);
  });

  it('names the version of the texts kept from the last visit, so current texts do not come again', () => {
    localStorage.setItem('market-dictionary-version:en', 'v1');
    const { fetches } = run('http://localhost/auth?org=souk');
    expect(fetches.map(([u]) => u)).toEqual([
      '/api/v1/languages?org=souk',
      '/api/v1/translations/dictionary?language=en&org=souk&known=v1',
    ]);
  });

  it('matches a page with a parameter, and asks nothing for the caller before a session exists', () => {
    const signedIn = run('http://localhost/products/42', { session: true });
    expect(signedIn.written).toContain('/product.js');
    expect(signedIn.fetches.map(([u]) => u)).toEqual(['/api/v1/languages', '/api/v1/translations/dictionary?language=en', '/api/v1/me']);
    localStorage.clear();
    const signedOut = run('http://localhost/dashboard');
    expect(signedOut.fetches).toEqual([
      ['/api/v1/languages', {}],
      ['/api/v1/translations/dictionary?language=en', {}],
    ]);
    expect(signedOut.written).toBe('');
  });

  it("asks for a public page's organization texts, and nothing of the staff pages on the vendor host", () => {
    const publicPage = run('http://localhost/market-vendor-application?org=souk');
    expect(publicPage.fetches.map(([u]) => u)).toEqual([
      '/api/v1/languages?org=souk',
      '/api/v1/translations/dictionary?language=en&org=souk',
    ]);
    const vendor = run('http://vendors.localhost:3000/', { session: true, vendorHost: 'vendors.localhost' });
    expect(vendor.fetches.map(([u]) => u)).toEqual(['/api/v1/languages', '/api/v1/translations/dictionary?language=en', '/api/v1/me']);
    expect(vendor.written).toBe('');
  });
});
