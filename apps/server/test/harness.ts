import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import type { AppConfig } from '../src/config/config.js';
import { PGLITE_EXTENSIONS, openDatabase, type Database } from '../src/db/client.js';

export const driver = (process.env.TEST_DRIVER ?? 'pglite') as 'pglite' | 'postgres';
const TEMPLATE_DB = 'market_test_template';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: path.resolve(import.meta.dirname, '../.test-data'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    jwtExpiry: 900,
    smtpUrl: undefined,
    smtpFrom: 'Test <test@localhost>',
    publicUrl: 'http://localhost:3000',
    vendorHost: null,
    demoSeed: false,
    trustProxy: false,
    mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapTileAttribution: '© OpenStreetMap contributors',
    logLevel: 'silent',
    ...overrides,
  };
}

/**
 * On PostgreSQL a query sent to a client that is still running another fails the test: node-postgres queues it (with
 * a deprecation warning, once per process, from the third on) and pg 9 refuses it. It happens when look-ups inside a
 * transaction are started together; `lookUps` (db/look-ups.ts) runs them in turn there.
 */
if (driver === 'postgres') {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; __oneAtATime?: boolean };
  if (!proto.__oneAtATime) {
    const query = proto.query;
    proto.query = function (this: { _queryQueue?: unknown[]; _getActiveQuery?: () => unknown; pipeline?: boolean }, ...args: unknown[]) {
      if (!this.pipeline && (this._queryQueue?.length || this._getActiveQuery?.()))
        throw new Error('A query was sent to a PostgreSQL client still busy with another (start look-ups in a transaction one at a time)');
      return query.apply(this, args);
    };
    proto.__oneAtATime = true;
  }
}

/** A fresh migrated database per call: a PGlite loaded from the template dump, or a PostgreSQL database cloned from the template. */
export async function freshDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  if (driver === 'pglite') {
    const tar = readFileSync(path.resolve(import.meta.dirname, '../.test-data/template.tar'));
    const pgl = await PGlite.create({ loadDataDir: new Blob([tar]), extensions: PGLITE_EXTENSIONS });
    const database = await openDatabase({ pglite: pgl });
    return {
      ...database,
      dispose: async () => {
        await database.close();
        await pgl.close();
      },
    };
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `market_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  // CI checks this trace to know the PostgreSQL suite really ran.
  appendFileSync(path.resolve(import.meta.dirname, '../.test-data/postgres-ran'), `${expect.getState().testPath ?? name}\n`);
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
      await a.connect();
      try {
        await a.query(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** Builds the real app (all plugins, real auth and SQL) on a fresh database. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, webDist: null });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
