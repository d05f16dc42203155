import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

type Steps<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/**
 * Runs independent look-ups and answers their results in order, as `Promise.all` would: together on the pool, one
 * after another in a transaction. A transaction has one connection, which takes one query at a time: node-postgres
 * queues the rest with a deprecation warning, and pg 9 refuses them.
 */
export async function lookUps<T extends readonly unknown[]>(db: DbOrTx, steps: Steps<T>): Promise<T> {
  const fns = steps as readonly (() => PromiseLike<unknown>)[];
  if (!(db instanceof PgTransaction)) return (await Promise.all(fns.map((f) => f()))) as unknown as T;
  const out: unknown[] = [];
  for (const f of fns) out.push(await f());
  return out as unknown as T;
}
