import type { RouteDef } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { bindRoute } from '../../src/lib/api-route.js';
import { byMethodOrder, openApiOperations, registeredContractRoutes, routeKey } from '../lib/api-routes.js';
import { Rng } from '../lib/prng.js';
import { inputParts, invalidParts, minimalCase, mutantsFor, toInject, type Case } from '../lib/requests.js';
import { createApiKeySubjects, createSubjects, expectedOutcome, type Outcome, type Subject } from '../lib/subjects.js';
import { createTestApp, driver, freshDatabase, testConfig, type TestContext } from '../harness.js';

let t: TestContext;
let routes: RouteDef[];
let subjects: Subject[];
beforeAll(async () => {
  t = await createTestApp();
  routes = registeredContractRoutes(t.app).sort(byMethodOrder);
  subjects = [...(await createSubjects(t.app)), ...(await createApiKeySubjects(t.app))];
});
afterAll(async () => t?.close());

const describeOutcome = (status: number): Outcome | number => (status === 401 || status === 403 ? status : 'allowed');

describe(`R1 authorization matrix (${driver})`, { timeout: 120_000 }, () => {
  it('walks every registered route for every kind of caller and finds the spec outcome', async () => {
    const rng = new Rng(0x51);
    const registered = openApiOperations(t.app);
    const covered = routes.map(routeKey).sort();
    const mismatches: string[] = [];
    const seen = new Set<Outcome>();
    const keySeen = new Set<Outcome>();
    let checks = 0;
    for (const def of routes) {
      const base = minimalCase(def, rng);
      // Routes run in sequence per subject: a DELETE must not race the PATCH it would invalidate.
      for (const s of subjects) {
        const res = await t.app.inject(toInject(def, base, s.headers));
        checks++;
        const want = expectedOutcome(def.access, s, def.method);
        seen.add(want);
        if (s.apiKey) keySeen.add(want);
        const got = describeOutcome(res.statusCode);
        if (got !== want || res.statusCode >= 500) {
          mismatches.push(`${routeKey(def)} as ${s.name}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    console.log(
      `R1 routes covered = ${covered.length}, routes registered = ${registered.length}, role×route checks = ${checks}, mismatches = ${mismatches.length}`,
    );
    expect(mismatches).toEqual([]);
    expect(covered).toEqual(registered);
    expect(covered.length).toBeGreaterThan(0);
    expect(subjects.length).toBeGreaterThanOrEqual(12);
    // Not vacuous: the walk met routes that must let callers in, turn strangers away and refuse the signed-in.
    expect([...seen].sort()).toEqual([401, 403, 'allowed']);
    // The organization API keys (decision 023) too: let in by a scope, refused without one, refused once dead.
    expect([...keySeen].sort()).toEqual([401, 403, 'allowed']);
  });

  // Validation runs before the route's gate today (authorize() is called inside the handler), so a denied caller
  // learns the input rules (422 instead of 401/403) and a 422 does not prove the gate let anyone through.
  it('decides before validating: a denied caller gets 401/403 even when its input is invalid', async () => {
    const rng = new Rng(0x52);
    const mismatches: string[] = [];
    let checks = 0;
    for (const def of routes.filter((d) => !('public' in d.access) && inputParts(d).length > 0)) {
      const base = minimalCase(def, rng);
      const part = inputParts(def)[0]!;
      const bad = mutantsFor(def, part, base, rng).find((c: Case) => invalidParts(def, c).length > 0);
      if (!bad) throw new Error(`no invalid ${part} for ${routeKey(def)}`);
      for (const s of subjects) {
        const want = expectedOutcome(def.access, s, def.method);
        if (want === 'allowed') continue;
        const res = await t.app.inject(toInject(def, bad, s.headers));
        checks++;
        if (res.statusCode !== want)
          mismatches.push(`${routeKey(def)} as ${s.name} with ${bad.label}: expected ${want}, got ${res.statusCode}`);
      }
    }
    console.log(`R1 denied callers with invalid input: ${checks} checks, mismatches = ${mismatches.length}`);
    expect(mismatches).toEqual([]);
  });

  it('refuses to start when an /api/v1 route declares no access rule', async () => {
    const database = await freshDatabase();
    try {
      const app = await buildApp({ config: testConfig(), database, webDist: null });
      const start = async () => {
        await app.register(async (api) => {
          api.get('/api/v1/undeclared', async () => ({ leaked: true }));
        });
        await app.ready();
      };
      await expect(start()).rejects.toThrow(/GET \/api\/v1\/undeclared declares no permission and is not public/);
      await app.close().catch(() => {});

      // The same plugin through the binding starts: the refusal above is about the missing binding, nothing else.
      const ok = await buildApp({ config: testConfig(), database, webDist: null });
      await ok.register(async (api) => {
        const declared = {
          method: 'GET',
          path: '/declared',
          summary: 'Declared',
          tag: 'test',
          access: { public: true },
          response: z.object({ ok: z.boolean() }),
        } as const;
        bindRoute(api, declared, () => ({ ok: true }));
      });
      await ok.ready();
      expect((await ok.inject({ url: '/api/v1/declared' })).statusCode).toBe(200);
      await ok.close();
    } finally {
      await database.dispose();
    }
  });
});
