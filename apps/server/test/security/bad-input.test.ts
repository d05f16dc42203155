import { errorSchema, type RouteDef } from '@market/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byMethodOrder, registeredContractRoutes, routeKey } from '../lib/api-routes.js';
import { Rng } from '../lib/prng.js';
import {
  inBatches,
  inputParts,
  invalidParts,
  mutantsFor,
  toInject,
  validBody,
  validParams,
  validQuery,
  type Case,
  type Part,
} from '../lib/requests.js';
import { createRootCaller } from '../lib/subjects.js';
import { createTestApp, driver, type TestContext } from '../harness.js';

const PER_KIND = 100;
const BATCH = 8;

let t: TestContext;
let root: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  root = await createRootCaller(t.app);
});
afterAll(async () => t?.close());

interface Tally {
  operations: number;
  valid: number;
  invalid: number;
  success: number;
  fiveXx: string[];
  invalidFiveXx: number;
  invalidWithoutField: string[];
  badSuccessBodies: string[];
}

/** Ids of rows a collection route lists, so :id routes also meet real rows, not only unknown ids. */
const knownIds = new Map<string, Set<string>>();
const collectionOf = (def: RouteDef) => def.path.replace(/\/:id$/, '');
function remember(def: RouteDef, body: unknown): void {
  const rows = Array.isArray(body) ? body : [body];
  const ids = knownIds.get(collectionOf(def)) ?? new Set<string>();
  for (const r of rows) if (r && typeof r === 'object' && typeof (r as { id?: unknown }).id === 'string') ids.add((r as { id: string }).id);
  knownIds.set(collectionOf(def), ids);
}

function generate(def: RouteDef, rng: Rng): { valid: Case[]; invalid: { c: Case; parts: Part[] }[] } {
  const valid: Case[] = [];
  const invalid: { c: Case; parts: Part[] }[] = [];
  const ids = [...(knownIds.get(collectionOf(def)) ?? [])];
  const parts = inputParts(def);
  const newValid = (): Case => ({
    label: 'valid',
    params: validParams(def, rng, 'random', ids),
    query: validQuery(def, rng, 'random'),
    body: validBody(def, rng, 'random'),
  });
  const add = (c: Case) => {
    const bad = invalidParts(def, c);
    if (bad.length) invalid.push({ c, parts: bad });
    else valid.push(c);
  };
  for (let i = 0; valid.length < PER_KIND && i < PER_KIND * 10; i++) add(newValid());
  // Every mutation of every part once, then random ones around fresh valid bases until there are enough.
  for (const part of parts) for (const m of mutantsFor(def, part, newValid(), rng)) add(m);
  for (let i = 0; invalid.length < PER_KIND && i < PER_KIND * 10; i++) {
    const part = parts[i % parts.length]!;
    add(rng.pick(mutantsFor(def, part, newValid(), rng)));
  }
  return { valid, invalid };
}

/** A field-level message in the failing part: params.* or query.* for those, anything else for the body. */
function namesField(res: LightMyRequestResponse, parts: Part[]): boolean {
  const parsed = errorSchema.safeParse(res.json());
  if (!parsed.success) return false;
  const fields = parsed.data.error.fields ?? [];
  return fields.some((f) => {
    if (!f.field) return false;
    const part: Part = f.field.startsWith('params.') ? 'params' : f.field.startsWith('query.') ? 'query' : 'body';
    return parts.includes(part);
  });
}

// Hundreds of requests per operation: generous, because both drivers run at once on two cores in CI.
describe(`R3 bad input (${driver})`, { timeout: 900_000 }, () => {
  it('answers generated valid and invalid requests on every operation without a 5xx', async () => {
    const rng = new Rng(0x33);
    const tally: Tally = {
      operations: 0,
      valid: 0,
      invalid: 0,
      success: 0,
      fiveXx: [],
      invalidFiveXx: 0,
      invalidWithoutField: [],
      badSuccessBodies: [],
    };
    const routes = registeredContractRoutes(t.app).sort(byMethodOrder);
    // Seed the id pools from the list routes before anything mutates.
    for (const def of routes.filter((d) => d.method === 'GET' && !d.params)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${def.path}`, headers: root });
      if (res.statusCode === 200) remember(def, res.json());
    }
    const tooFew: string[] = [];
    for (const def of routes.filter((d) => inputParts(d).length > 0)) {
      tally.operations++;
      const { valid, invalid } = generate(def, rng);
      if (valid.length < PER_KIND || invalid.length < PER_KIND)
        tooFew.push(`${routeKey(def)}: ${valid.length} valid, ${invalid.length} invalid`);
      const describeCase = (c: Case) => {
        const sent = JSON.stringify(toInject(def, c, {}));
        const nul = sent.includes('\\u0000') || sent.includes('%00') ? ' (contains U+0000)' : '';
        return `${routeKey(def)} [${c.label}]${nul} ${sent.slice(0, 300)}`;
      };
      await inBatches(valid, BATCH, async (c) => {
        const res = await t.app.inject(toInject(def, c, root));
        tally.valid++;
        if (res.statusCode >= 500) tally.fiveXx.push(`${describeCase(c)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 200 && res.statusCode < 300 && res.statusCode !== 204) {
          tally.success++;
          // A file download (e.g. the product export) is checked as text against its string response schema.
          const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body;
          if (!def.response.safeParse(body).success) tally.badSuccessBodies.push(`${describeCase(c)} -> ${res.body.slice(0, 200)}`);
          if (def.method === 'POST') remember(def, body);
        }
      });
      await inBatches(invalid, BATCH, async ({ c, parts }) => {
        const res = await t.app.inject(toInject(def, c, root));
        tally.invalid++;
        if (res.statusCode >= 500) {
          tally.invalidFiveXx++;
          tally.fiveXx.push(`${describeCase(c)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (![400, 422].includes(res.statusCode) || !namesField(res, parts)) {
          tally.invalidWithoutField.push(`${describeCase(c)} (bad ${parts.join(',')}) -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      });
    }
    const answered = tally.invalid ? (100 * (tally.invalid - tally.invalidWithoutField.length - tally.invalidFiveXx)) / tally.invalid : 0;
    console.log(
      `R3 operations = ${tally.operations}, valid = ${tally.valid}, invalid = ${tally.invalid}, 5xx = ${tally.fiveXx.length}, ` +
        `invalid answered 400/422 with field = ${Math.floor(answered * 10) / 10}%, 2xx = ${tally.success} (off schema = ${tally.badSuccessBodies.length})`,
    );
    expect(tooFew).toEqual([]);
    expect(tally.fiveXx).toEqual([]);
    expect(tally.invalidWithoutField).toEqual([]);
    expect(tally.badSuccessBodies).toEqual([]);
    expect(tally.operations).toBeGreaterThan(0);
    // The response-schema check must have had something to check.
    expect(tally.success).toBeGreaterThan(tally.operations);
  });

  it('survives hostile transport: wrong content type, oversized body, broken percent-encoding', async () => {
    const failures: string[] = [];
    const routes = registeredContractRoutes(t.app).filter((d) => inputParts(d).length > 0);
    for (const def of routes) {
      const url = `/api/v1${def.path.replace(/:([A-Za-z0-9_]+)/g, '00000000-0000-4000-8000-000000000000')}`;
      const tries = [
        { what: 'broken percent-encoding in the query', opts: { url: `${url}?q=%E0%A4%A&%zz=1` } },
        { what: 'broken percent-encoding in the path', opts: { url: url.replace(/00000000-0000-4000-8000-000000000000/g, '%E0%A4%A') } },
        ...(def.body
          ? [
              {
                what: 'text/plain body',
                opts: { url, payload: 'hello', headers: { 'content-type': 'text/plain' } },
                want: [415, 400, 422],
              },
              {
                what: 'body over 1 MB',
                opts: { url, payload: JSON.stringify({ x: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } },
                want: [413],
              },
              {
                what: 'form body',
                opts: { url, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
                want: [415, 400, 422],
              },
            ]
          : []),
      ];
      for (const tr of tries) {
        const headers = { ...root, ...((tr.opts as { headers?: Record<string, string> }).headers ?? {}) };
        const res = await t.app.inject({ method: def.method, ...tr.opts, headers });
        const want = (tr as { want?: number[] }).want;
        if (res.statusCode >= 500 || (want !== undefined && !want.includes(res.statusCode))) {
          failures.push(`${routeKey(def)} ${tr.what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
