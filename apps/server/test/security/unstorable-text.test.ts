import type { RouteDef } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byMethodOrder, registeredContractRoutes, routeKey } from '../lib/api-routes.js';
import { Rng } from '../lib/prng.js';
import { minimalCase, toInject } from '../lib/requests.js';
import { createRootCaller } from '../lib/subjects.js';
import { createTestApp, driver, type TestContext } from '../harness.js';

// Half a UTF-16 pair: JSON.stringify writes it as the escape "\ud800", which JSON.parse turns back into an unpaired
// surrogate that PostgreSQL's JSONB (and UTF-8 text) cannot hold.
const LONE = '\ud800';

let t: TestContext;
let root: Record<string, string>;
let anonKey: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  root = await createRootCaller(t.app);
  anonKey = { apikey: t.app.ctx.keys.anon, authorization: `Bearer ${t.app.ctx.keys.anon}` };
});
afterAll(async () => t?.close());

/** Paths of every string leaf (values, then keys) of a JSON value. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function withLeaf(value: unknown, path: (string | number)[], fn: (s: string) => string): unknown {
  if (path.length === 0) return fn(value as string);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = withLeaf(copy[path[0]!], path.slice(1), fn);
  return copy;
}

describe(`unstorable text at the edge (${driver})`, () => {
  it('answers a lone surrogate in any JSON string of any API route with 422 naming the field, never 2xx or 5xx', async () => {
    const rng = new Rng(0x5d);
    const routes = registeredContractRoutes(t.app).sort(byMethodOrder);
    const failures: string[] = [];
    let sent = 0;
    let guarded = 0;
    const guardedRoutes = new Set<string>();
    for (const def of routes as RouteDef[]) {
      if (!def.body) continue;
      const base = minimalCase(def, rng);
      if (base.body.kind !== 'json') continue;
      // Appending keeps formats (e-mail, uuid, enum) failing on their own rule, so only free text reaches the guard.
      const leaves = stringLeaves(base.body.value);
      const bodies = leaves.map((p) => withLeaf(base.body.kind === 'json' ? base.body.value : null, p, (s) => `${s}${LONE}`));
      // A key is text too.
      if (base.body.value && typeof base.body.value === 'object' && !Array.isArray(base.body.value)) {
        bodies.push({ ...(base.body.value as object), [`k${LONE}`]: 'x' });
      }
      for (const value of bodies) {
        const res = await t.app.inject(toInject(def, { ...base, body: { kind: 'json', value } }, root));
        sent++;
        if (res.statusCode < 300 || res.statusCode >= 500) failures.push(`${routeKey(def)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.statusCode === 422 && res.body.includes('lone surrogate')) {
          guarded++;
          guardedRoutes.add(routeKey(def));
        }
      }
    }
    console.log(
      `lone surrogates: ${sent} requests over the API's JSON bodies, ${guarded} refused by the text guard on ${guardedRoutes.size} routes (the rest by a format rule), ${failures.length} accepted or 5xx`,
    );
    expect(failures).toEqual([]);
    // Not vacuous: free text of many routes reached the guard rather than a format rule.
    expect(guardedRoutes.size).toBeGreaterThanOrEqual(20);
  });

  it('names the field of a lone surrogate, also in a key and in the query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: root,
      payload: { code: 'acme', nameEn: `Acme${LONE}`, nameAr: 'أكمي' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([{ field: 'nameEn', message: expect.stringContaining('lone surrogate') }]);
    const q = await t.app.inject({ method: 'GET', url: `/api/v1/products?search=${encodeURIComponent('ab')}%ED%A0%80`, headers: root });
    expect(q.statusCode).toBeLessThan(500);
  });

  it("refuses a lone surrogate in auth metadata with GoTrue's shape (signup and PUT /user)", async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: anonKey,
      payload: { email: 'lone@example.com', password: 'Correct-Horse-Battery-9', data: { full_name: `Ann${LONE}` } },
    });
    expect(signup.statusCode).toBe(422);
    expect(signup.json()).toMatchObject({ code: 422, error_code: 'validation_failed', msg: expect.stringContaining('data.full_name') });
    const nul = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: anonKey,
      payload: { email: 'nul@example.com', password: 'Correct-Horse-Battery-9', data: { [`a\u0000`]: 1 } },
    });
    expect(nul.statusCode).toBe(422);
    const put = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: root, payload: { data: { nick: [`x${LONE}`] } } });
    expect(put.statusCode).toBe(422);
    expect(put.json().msg).toContain('data.nick.0');
  });

  it("refuses a lone surrogate in a storage request with Storage's shape", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/storage/v1/bucket',
      headers: root,
      payload: { name: `b${LONE}`, id: `b${LONE}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: '422', message: expect.stringContaining('lone surrogate') });
  });
});
