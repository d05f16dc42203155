import type { AppContext } from '../../app-context.js';

/*
 * Work that must not be timed by the caller. /signup, /otp, /recover and /resend answer before they
 * look the address up, and the lookup with whatever it writes (account, token, e-mail) runs here,
 * after the answer: a known and an unknown address then take the same time (decision 008).
 * Jobs of one app run one after another, so a burst of requests cannot hold every database
 * connection; past MAX_PENDING the caller waits for its own job (a flood gives up the timing
 * guarantee rather than memory).
 */

interface Queue {
  tail: Promise<void>;
  pending: number;
  log: (err: unknown) => void;
}

const MAX_PENDING = 1000;
const queues = new WeakMap<AppContext, Queue>();

function queueOf(ctx: AppContext): Queue {
  let q = queues.get(ctx);
  if (!q) {
    q = { tail: Promise.resolve(), pending: 0, log: (err) => console.error('deferred auth work failed', err) };
    queues.set(ctx, q);
  }
  return q;
}

/** Where failures of deferred work are reported (the app's logger). */
export function setDeferredLogger(ctx: AppContext, log: (err: unknown) => void): void {
  queueOf(ctx).log = log;
}

/** Runs `job` after the current answer has been sent; returns at once unless the queue is full. */
export async function afterAnswer(ctx: AppContext, job: () => Promise<void>): Promise<void> {
  const q = queueOf(ctx);
  q.pending += 1;
  const run = q.tail
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(job)
    .catch((err: unknown) => q.log(err))
    .finally(() => {
      q.pending -= 1;
    });
  q.tail = run;
  if (q.pending > MAX_PENDING) await run;
}

/** Resolves once every job queued so far (and any they queued) has finished: tests, and shutdown. */
export async function settleDeferred(ctx: AppContext): Promise<void> {
  const q = queues.get(ctx);
  if (!q) return;
  let seen: Promise<void> | null = null;
  while (seen !== q.tail) {
    seen = q.tail;
    await seen;
  }
}
