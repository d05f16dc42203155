import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { bearer, createOrg, createUser, tokenFor } from '../factories.js';
import { driver, freshDatabase, testConfig } from '../harness.js';

const PAGE_SCRIPT = "document.documentElement.dataset.ready = '1';";
let app: App;
let dispose: () => Promise<void>;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script>${PAGE_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  const database = await freshDatabase();
  app = await buildApp({ config: testConfig(), database, webDist: dist });
  await app.ready();
  dispose = async () => {
    await app.close();
    await database.dispose();
  };
});
afterAll(async () => {
  await dispose?.();
  rmSync(dist, { recursive: true, force: true });
});

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe(`response headers (${driver})`, () => {
  it('serves the SPA with a Content-Security-Policy naming its own inline scripts only', async () => {
    const res = await app.inject({ method: 'GET', url: '/products' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    // The page's script and the configuration the server inlines are allowed by hash, nothing else inline.
    const config = /<script>(window\.__MARKET_CONFIG__=[^<]*)<\/script>/.exec(res.body)![1]!;
    expect(directives['script-src']).toEqual(["'self'", hashOf(PAGE_SCRIPT), hashOf(config)]);
    expect(csp).not.toContain('unsafe-eval');
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    const raw = await app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.headers['content-security-policy']).toBe(csp);
  });

  it('answers a signed-in caller with Cache-Control: no-store, and leaves public answers cacheable', async () => {
    const org = await createOrg(app);
    const user = await createUser(app, { orgId: org.id, role: 'super_admin' });
    const signedIn = await app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: bearer(await tokenFor(app, user)) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: bearer('x.y.z') });
    expect(refused.headers['cache-control']).toBe('no-store');
    const service = await app.inject({ method: 'GET', url: '/api/v1/languages', headers: bearer(app.ctx.keys.service) });
    expect(service.headers['cache-control']).toBe('no-store');
    const anon = await app.inject({ method: 'GET', url: '/api/v1/languages', headers: bearer(app.ctx.keys.anon) });
    expect(anon.headers['cache-control']).toBeUndefined();
    const token = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'nobody@example.com', password: 'x' },
    });
    expect(token.headers['cache-control']).toBe('no-store');
  });
});
