import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { JobRunner } from './job-runner.js';
import { enqueueJob } from './jobs.repository.js';

let t: TestContext;
let runner: JobRunner;
const seen: string[] = [];
let failures = 0;
beforeAll(async () => {
  t = await createTestApp();
  runner = new JobRunner(t.app.ctx.db, { leaseSeconds: 30 });
  runner.register('test.record', async (job) => {
    seen.push(String(job.payload.name));
    return { recorded: job.payload.name };
  });
  runner.register('test.flaky', async () => {
    failures += 1;
    throw new Error(`failure ${failures}`);
  });
  runner.register('test.slow', async (_job, ctx) => {
    await ctx.heartbeat({ step: 1 });
    // Another worker takes the job over meanwhile (the lease ran out): the next heartbeat must stop this one.
    await t.app.ctx.db.execute(sql`update jobs set attempts = attempts + 1 where kind = 'test.slow'`);
    await ctx.heartbeat({ step: 2 });
    return 'finished';
  });
});
afterAll(async () => t?.close());

const rowOf = async (kind: string) => (await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, kind)))[0]!;

describe(`job queue (${driver})`, () => {
  it('runs a timed job only once its time has come, by the clock it is given, and records the result', async () => {
    const at = new Date(Date.now() + 3 * 3600_000);
    await enqueueJob(t.app.ctx.db, { orgId: null, kind: 'test.record', payload: { name: 'later' }, runAt: at });
    expect(await runner.runDue()).toBe(0);
    expect(await runner.runDue({ now: new Date(at.getTime() - 1000) })).toBe(0);
    expect(await runner.runDue({ now: at })).toBe(1);
    expect(seen).toEqual(['later']);
    const row = await rowOf('test.record');
    expect(row).toMatchObject({ status: 'done', attempts: 1, result: { recorded: 'later' } });
    expect(await runner.runDue({ now: new Date(at.getTime() + 3600_000) })).toBe(0);
  });

  it('keeps one queued job per dedupe key', async () => {
    for (let i = 0; i < 3; i++)
      await enqueueJob(t.app.ctx.db, {
        orgId: null,
        kind: 'test.dedupe',
        dedupeKey: 'offer-1',
        runAt: new Date(Date.now() + 30 * 86400_000),
      });
    const rows = await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'test.dedupe'));
    expect(rows).toHaveLength(1);
  });

  it('retries a failing job with backoff and fails it for good after its last attempt', async () => {
    await enqueueJob(t.app.ctx.db, { orgId: null, kind: 'test.flaky', maxAttempts: 2 });
    expect(await runner.runDue()).toBe(1);
    let row = await rowOf('test.flaky');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'failure 1' });
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await runner.runDue()).toBe(0); // backoff not over
    expect(await runner.runDue({ now: new Date(Date.now() + 10 * 60_000) })).toBe(1);
    row = await rowOf('test.flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'failure 2' });
    expect(await runner.runDue({ now: new Date(Date.now() + 3600_000) })).toBe(0);
  });

  it('claims again a job whose worker died (lease ran out), and fails one that has no attempt left', async () => {
    await enqueueJob(t.app.ctx.db, { orgId: null, kind: 'test.record', payload: { name: 'orphan' }, dedupeKey: 'orphan' });
    await t.app.ctx.db.execute(
      sql`update jobs set status = 'running', attempts = 1, lease_until = now() - interval '1 second' where dedupe_key = 'orphan'`,
    );
    expect(await runner.runDue()).toBe(1);
    expect(seen).toContain('orphan');
    await enqueueJob(t.app.ctx.db, { orgId: null, kind: 'test.record', payload: { name: 'dead' }, dedupeKey: 'dead', maxAttempts: 1 });
    await t.app.ctx.db.execute(
      sql`update jobs set status = 'running', attempts = 1, lease_until = now() - interval '1 second' where dedupe_key = 'dead'`,
    );
    expect(await runner.runDue()).toBe(0);
    const [dead] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, 'dead'));
    expect(dead).toMatchObject({ status: 'failed' });
    expect(seen).not.toContain('dead');
  });

  it('stops a worker that lost its lease: it can neither heartbeat nor complete', async () => {
    await enqueueJob(t.app.ctx.db, { orgId: null, kind: 'test.slow' });
    await runner.runDue();
    const row = await rowOf('test.slow');
    // The first heartbeat's progress stays; the job is not marked done by the worker that lost it.
    expect(row.status).toBe('running');
    expect(row.progress).toEqual({ step: 1 });
  });

  it('fails a job of a kind nobody handles instead of retrying it forever', async () => {
    await enqueueJob(t.app.ctx.db, { orgId: null, kind: 'test.unknown' });
    expect(await runner.runDue()).toBe(1);
    expect(await rowOf('test.unknown')).toMatchObject({ status: 'failed', lastError: 'No handler for jobs of kind test.unknown' });
  });
});
