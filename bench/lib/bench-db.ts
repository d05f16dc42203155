import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Driver } from '../../apps/server/src/db/client.js';
import { prepareDatabase } from '../../apps/server/src/db/prepare.js';

/** Where the reused embedded fixtures live (git-ignored). */
export const BENCH_OUT = path.resolve(import.meta.dirname, '../.out');

/** The PostgreSQL server of the bench: BENCH_DATABASE_URL's server, or the local one. */
export const benchServerUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A dedicated database on the PostgreSQL server (created when missing), e.g. market_bench, migrated by the app's migrations. */
export async function openBenchPostgres(name = 'market_bench', poolSize = 10): Promise<{ database: Database; url: string }> {
  const server = new URL(benchServerUrl());
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  server.pathname = `/${name}`;
  const url = server.toString();
  const database = await openDatabase({ databaseUrl: url, poolSize });
  await prepareDatabase(database, { databaseUrl: url, demoSeed: false });
  return { database, url };
}

/** A reused embedded PGlite data folder under bench/.out, migrated. */
export async function openBenchPglite(name: string): Promise<{ database: Database; dataDir: string }> {
  const dataDir = path.join(BENCH_OUT, name);
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  await prepareDatabase(database, { databaseUrl: undefined, demoSeed: false });
  return { database, dataDir };
}

export async function openBench(driver: Driver, name: string): Promise<{ database: Database; url?: string; dataDir?: string }> {
  return driver === 'postgres' ? openBenchPostgres(name) : openBenchPglite(name);
}
