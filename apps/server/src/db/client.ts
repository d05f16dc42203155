import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock } from './lock.js';

// Without drizzle's relational query API (`db.query.*`, unused): with the schema given, every transaction built a
// query builder for each of the schema's tables, about 50 µs of a register's sale (decision 018).
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  /**
   * Receives NOTIFY payloads of a channel, or of several channels on one listening connection (so they arrive
   * in the order PostgreSQL delivers them: commit order); returns an unsubscribe function. `onGap(true)` says the
   * listening connection was lost (notifications may be missed until `onGap(false)`, when it listens again).
   */
  listen(
    channel: string | readonly string[],
    onPayload: (payload: string, channel: string) => void,
    onGap?: (lost: boolean) => void,
  ): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Connections a server's PostgreSQL pool holds unless told otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

/** Extensions every embedded database loads (the product search index uses pg_trgm). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db/migrations'), path.join(here, '../src/db/migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? DEFAULT_POOL_SIZE);
  return openPglite(opts);
}

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  let release: (() => void) | undefined;
  let client = opts.pglite;
  if (!client) {
    const dataDir = opts.dataDir ?? '.data';
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      release();
      throw err;
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      // One in-process connection: every notification is dispatched in the order the backend sent it.
      const unsubs: (() => Promise<void>)[] = [];
      for (const c of typeof channel === 'string' ? [channel] : channel) unsubs.push(await pglite.listen(c, (p) => onPayload(p, c)));
      return async () => {
        if (!closed) for (const unsub of unsubs) await unsub();
      };
    },
    async migrate() {
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsFolder() });
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!opts.pglite) await pglite.close();
      } finally {
        release?.();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
  // A terminated backend must not crash the process: the pool drops the client and opens a new one.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  const listeners = new Set<{ client: pg.Client; stop: () => void }>();
  return {
    db,
    driver: 'postgres',
    async listen(channel, onPayload, onGap) {
      const channels = typeof channel === 'string' ? [channel] : [...channel];
      let stopped = false;
      let current: pg.Client | null = null;
      let lost = false;
      const retry = () => {
        if (stopped) return;
        if (!lost) onGap?.((lost = true));
        setTimeout(() => void connect().catch(retry), 1000);
      };
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const c = new pg.Client({ connectionString: url });
        c.on('error', () => {});
        c.on('end', () => {
          if (current === c) retry();
        });
        c.on('notification', (n) => {
          if (channels.includes(n.channel) && n.payload !== undefined) onPayload(n.payload, n.channel);
        });
        await c.connect();
        for (const ch of channels) await c.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
        current = c;
        if (lost) onGap?.((lost = false));
      };
      await connect();
      const entry = {
        client: current as unknown as pg.Client,
        stop: () => {
          stopped = true;
          void current?.end().catch(() => {});
        },
      };
      listeners.add(entry);
      return async () => {
        entry.stop();
        listeners.delete(entry);
      };
    },
    async migrate() {
      await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
    },
    async close() {
      for (const l of listeners) l.stop();
      listeners.clear();
      await pool.end();
    },
  };
}
