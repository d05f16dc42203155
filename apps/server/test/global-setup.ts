import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { PGLITE_EXTENSIONS, openDatabase } from '../src/db/client.js';
import { seedReference } from '../src/db/seed/seed.js';

export const TEMPLATE_DB = 'market_test_template';
const dir = path.resolve(import.meta.dirname, '../.test-data');

/** Migrates once: a PGlite data dump every test file loads, and a PostgreSQL template database. */
export default async function setup(project: TestProject): Promise<void> {
  const driver = project.config.env?.TEST_DRIVER ?? 'pglite';
  if (driver === 'pglite') {
    mkdirSync(dir, { recursive: true });
    const pgl = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const database = await openDatabase({ pglite: pgl });
    await database.migrate();
    await seedReference(database.db);
    const dump = await pgl.dumpDataDir('none');
    // Written aside and renamed: a test file of another run loading the template never reads half a file.
    const staged = path.join(dir, `template.${process.pid}.tar`);
    writeFileSync(staged, Buffer.from(await dump.arrayBuffer()));
    renameSync(staged, path.join(dir, 'template.tar'));
    await pgl.close();
    return;
  }
  const url = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname like 'market_test_%' and pid <> pg_backend_pid()`,
    );
    const { rows } = await admin.query(`select datname from pg_database where datname like 'market_test_%'`);
    for (const r of rows) await admin.query(`drop database if exists "${r.datname}"`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${TEMPLATE_DB}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
  await database.migrate();
  await seedReference(database.db);
  await database.close();
}
