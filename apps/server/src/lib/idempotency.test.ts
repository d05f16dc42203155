import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys } from '../db/schema/index.js';
import { createOrg } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { canonicalJson, runIdempotent } from './idempotency.js';

let t: TestContext;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t.app)).id;
});
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The work under test: one audit row per run (its effect), answered with the run's id. */
function effect(key: string, delayMs = 0) {
  return async (tx: Parameters<Parameters<typeof runIdempotent>[2]>[0]) => {
    const id = randomUUID();
    await tx.insert(auditLog).values({ orgId, action: 'effect', entityType: 'idempotency_test', entityId: key, after: { id } });
    if (delayMs) await sleep(delayMs);
    return { id, at: new Date('2026-01-02T03:04:05.678Z') };
  };
}
const effects = async (key: string) =>
  (
    await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'idempotency_test'), eq(auditLog.entityId, key)))
  )[0]!.n;

describe('runIdempotent', () => {
  it('runs once per key; a replay answers the stored body (as JSON) and says so', async () => {
    const key = `k-${randomUUID()}`;
    const call = { orgId, userId: null, key, scope: 'POST /x', request: { b: 1, a: [1, { d: 2, c: 3 }] }, status: 201 };
    const first = await runIdempotent(t.app.ctx.db, call, effect(key));
    const again = await runIdempotent(t.app.ctx.db, { ...call, request: { a: [1, { c: 3, d: 2 }], b: 1 } }, effect(key));
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ replayed: true, status: 201, body: { id: first.body.id, at: '2026-01-02T03:04:05.678Z' } });
    expect(await effects(key)).toBe(1);
  });

  it('the same key with another body or on another route is a 422 naming the header', async () => {
    const key = `k-${randomUUID()}`;
    await runIdempotent(t.app.ctx.db, { orgId, userId: null, key, scope: 'POST /x', request: { a: 1 } }, effect(key));
    for (const other of [
      { scope: 'POST /x', request: { a: 2 } },
      { scope: 'POST /y', request: { a: 1 } },
    ]) {
      const err = await runIdempotent(t.app.ctx.db, { orgId, userId: null, key, ...other }, effect(key)).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 422, fields: [{ field: 'Idempotency-Key' }] });
    }
    expect(await effects(key)).toBe(1);
  });

  it('a failed run stores nothing: the key can be retried', async () => {
    const key = `k-${randomUUID()}`;
    const call = { orgId, userId: null, key, scope: 'POST /x', request: {} };
    const boom = await runIdempotent(t.app.ctx.db, call, async (tx) => {
      await effect(key)(tx);
      throw new Error('boom');
    }).catch((e: Error) => e.message);
    expect(boom).toBe('boom');
    expect(await t.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect(await effects(key)).toBe(0);
    expect((await runIdempotent(t.app.ctx.db, call, effect(key))).replayed).toBe(false);
    expect(await effects(key)).toBe(1);
  });

  it('concurrent runs with one key have exactly one effect; the others replay it', async () => {
    const key = `k-${randomUUID()}`;
    const call = { orgId, userId: null, key, scope: 'POST /x', request: { n: 1 } };
    const results = await Promise.all(Array.from({ length: 8 }, () => runIdempotent(t.app.ctx.db, call, effect(key, 30))));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => (r.body as { id: string }).id)).size).toBe(1);
    expect(await effects(key)).toBe(1);
  });

  it('canonical JSON sorts keys and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: undefined, c: [{ y: 1, x: null }] })).toBe('{"b":1,"c":[{"x":null,"y":1}]}');
  });
});
