import type { RouteDef } from '@market/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, users } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/db/seed/seed.js';
import { bearer, enablePermission, tokenFor } from '../factories.js';
import { createTestApp, driver, testConfig, type TestContext } from '../harness.js';
import { byMethodOrder, registeredContractRoutes, routeKey } from '../lib/api-routes.js';
import { Rng } from '../lib/prng.js';
import { minimalCase, toInject, validQuery } from '../lib/requests.js';
import { createRootCaller } from '../lib/subjects.js';

// R2: a user of organization A holding every permission reaches none of organization B's records, over every
// route that takes an id. B is the full demo organization (market, applications, vendors, catalogue).
let t: TestContext;
let rootA: Record<string, string>;
let rootB: Record<string, string>;
let orgB: string;
let routes: RouteDef[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx.db, testConfig().jwtSecret);
  const [org] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  orgB = org!.id;
  const [admin] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'super-admin@demo.market'));
  rootB = bearer(await tokenFor(t.app, { id: admin!.id, email: admin!.email! }));
  rootA = await createRootCaller(t.app);
  routes = registeredContractRoutes(t.app).sort(byMethodOrder);
}, 300_000);
afterAll(async () => t?.close());

/** The rows of a list answer: the array itself, or the first array of objects with ids one level down. */
function rowsOf(body: unknown): { id: string }[] {
  const isRows = (v: unknown): v is { id: string }[] =>
    Array.isArray(v) && v.length > 0 && typeof (v[0] as { id?: unknown })?.id === 'string';
  if (isRows(body)) return body;
  if (body && typeof body === 'object') for (const v of Object.values(body)) if (isRows(v)) return v;
  return [];
}

const collectionOf = (path: string) => path.slice(0, path.indexOf('/:id'));
const isListRoute = (def: RouteDef) => def.method === 'GET' && !def.params && !('public' in def.access);

/** What B's super admin sees on every list: ids per collection, and the bodies to compare afterwards. */
async function snapshotB(rng: Rng): Promise<{ ids: Map<string, string[]>; bodies: Map<string, string> }> {
  const ids = new Map<string, string[]>();
  const bodies = new Map<string, string>();
  for (const def of routes.filter(isListRoute)) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${def.path}`,
      headers: { ...rootB, 'cache-control': 'no-cache' },
      query: validQuery(def, rng, 'minimal') as Record<string, string>,
    });
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) continue;
    bodies.set(def.path, res.body);
    const rows = rowsOf(res.json());
    if (rows.length)
      ids.set(
        def.path,
        rows.map((r) => r.id),
      );
  }
  return { ids, bodies };
}

/**
 * Some of B's pages are bound to the calendar day (today's market days, overdue invoices, dashboards), so the
 * before/after comparison must not straddle midnight UTC: when it would, wait for the new day first.
 */
const RUN_BUDGET_MS = 120_000; // the test itself takes 6 s alone, up to a minute in the full suite
async function clearOfMidnight(): Promise<void> {
  const now = Date.now();
  const nextMidnight = Math.ceil((now + 1) / 86_400_000) * 86_400_000;
  if (nextMidnight - now < RUN_BUDGET_MS) await new Promise((r) => setTimeout(r, nextMidnight - now + 1_000));
}

const auditCount = async () => (await t.app.ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.orgId, orgB)))[0]!.n;

describe(`R2 cross-organization isolation (${driver})`, { timeout: 300_000 + RUN_BUDGET_MS }, () => {
  it('gives a full-permission user of A no read or write of B over every route with an id', async () => {
    await clearOfMidnight();
    // B's vendor routes too: its super admin also holds the vendor permissions, so every list is seen.
    for (const key of ['vendor_dashboard', 'vendor_products', 'vendor_orders', 'vendor_profile'])
      await enablePermission(t.app, orgB, 'super_admin', key);
    const before = await snapshotB(new Rng(0x72));
    const auditBefore = await auditCount();
    const rng = new Rng(0x73);
    const idRoutes = routes.filter((d) => d.path.includes('/:id') && !('public' in d.access));
    const leaks: string[] = [];
    let requests = 0;
    let withRealRow = 0;
    for (const def of idRoutes) {
      const rowsOfB = before.ids.get(collectionOf(def.path)) ?? [];
      if (rowsOfB.length) withRealRow++;
      const candidates = rowsOfB.length ? rowsOfB.slice(0, 3) : [...before.ids.values()].flat().slice(0, 3);
      for (const id of candidates) {
        const base = minimalCase(def, rng);
        const res = await t.app.inject(toInject(def, { ...base, params: { ...base.params, id } }, rootA));
        requests++;
        if (res.statusCode < 300 || res.statusCode >= 500)
          leaks.push(`${routeKey(def)} with B's ${id}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    const after = await snapshotB(new Rng(0x72));
    const changed = [...before.bodies.keys()].filter((k) => after.bodies.get(k) !== before.bodies.get(k));
    const auditAfter = await auditCount();
    console.log(
      `R2 routes with an id = ${idRoutes.length} (${withRealRow} met with real rows of B), requests = ${requests}, B's lists compared = ${before.bodies.size}, reads or writes of B = ${leaks.length + changed.length + (auditAfter - auditBefore)}`,
    );
    expect(leaks).toEqual([]);
    expect(changed).toEqual([]);
    expect(auditAfter).toBe(auditBefore);
    // Not vacuous: most id routes met real rows of B, and B has data on many lists.
    expect(withRealRow).toBeGreaterThanOrEqual(Math.floor(idRoutes.length / 2));
    expect(before.ids.size).toBeGreaterThanOrEqual(10);
  });
});
