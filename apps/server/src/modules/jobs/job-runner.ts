import type { Db } from '../../db/client.js';
import { WakeLoop } from '../../lib/wake-loop.js';
import * as repo from './jobs.repository.js';
import type { JobRow } from './jobs.repository.js';

export interface JobContext {
  db: Db;
  /** The runner's clock for this run: timed work compares against it, so a test can move time forward. */
  now: Date;
  /** Extends the lease and records progress; throws when the lease was lost, so the work stops. */
  heartbeat(progress?: Record<string, unknown>): Promise<void>;
}
export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<unknown>;

interface RunnerOptions {
  listen?: (channel: string, onPayload: () => void) => Promise<() => Promise<void>>;
  leaseSeconds?: number;
  batchSize?: number;
}

const STOP_WAIT_MS = 5000;
/** Retry backoff: 5 s, 20 s, 80 s, ... capped at an hour. */
const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 4 ** Math.max(0, attempts - 1));

/**
 * Runs queued jobs: polls, and wakes on the `jobs` notification. Handlers are registered per kind; a job of a
 * kind no handler knows fails with that reason rather than looping.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly loop = new WakeLoop(async () => (await this.runDue()) >= this.batchSize);
  private readonly leaseSeconds: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly opts: RunnerOptions = {},
  ) {
    this.leaseSeconds = opts.leaseSeconds ?? 60;
    this.batchSize = opts.batchSize ?? 10;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Claims and runs the jobs due at `now` (the database's clock when absent); answers how many ran. */
  async runDue(options: { now?: Date; limit?: number } = {}): Promise<number> {
    await repo.failAbandoned(this.db);
    const claimed = await repo.claimDue(this.db, options.now ?? null, options.limit ?? this.batchSize, this.leaseSeconds);
    for (const job of claimed) await this.runOne(job, options.now ?? new Date());
    return claimed.length;
  }

  private async runOne(job: JobRow, now: Date): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) {
      await repo.fail(this.db, job, `No handler for jobs of kind ${job.kind}`, 0, true);
      return;
    }
    const ctx: JobContext = {
      db: this.db,
      now,
      heartbeat: async (progress) => {
        if (!(await repo.heartbeat(this.db, job.id, job.attempts, this.leaseSeconds, progress)))
          throw new Error('The job was claimed again after its lease ran out');
      },
    };
    try {
      const result = await handler(job, ctx);
      await repo.complete(this.db, job.id, job.attempts, result);
    } catch (err) {
      await repo.fail(this.db, job, err instanceof Error ? err.message : String(err), backoffSeconds(job.attempts));
    }
  }

  start(pollMs = 5000): void {
    this.loop.start(pollMs, this.opts.listen && { listen: this.opts.listen, channel: repo.JOBS_CHANNEL });
  }

  wake(): void {
    this.loop.wake();
  }

  /** Stops the runner, waiting briefly for the job in hand; an unfinished one is claimed again after its lease. */
  async stop(): Promise<void> {
    await this.loop.stop(STOP_WAIT_MS);
  }
}
