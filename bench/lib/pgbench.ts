import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

/**
 * A recording stand-in for the database: every statement sent through `execute` is kept in `seen`.
 * Without `real` each answers no rows (enough for code that runs its statements regardless, e.g. search);
 * with `real` it passes the statement on and returns the real answer (for code whose later statements
 * depend on earlier rows, e.g. the product list's id page, then its rows).
 */
export function recordingDb(real?: Db): { db: Db; seen: SQL[] } {
  const seen: SQL[] = [];
  const execute = async (query: SQL) => {
    seen.push(query);
    return real ? real.execute(query) : { rows: [] };
  };
  return { db: { execute } as unknown as Db, seen };
}

/** Statements as pgbench script lines: parameters written in as SQL literals, whitespace collapsed. */
export function inlineSql(statements: SQL[]): string[] {
  const dialect = new PgDialect();
  return statements.map((s) => {
    const { sql, params } = dialect.sqlToQuery(s);
    const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    return sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])).replace(/\s+/g, ' ');
  });
}

export interface PgbenchResult {
  /** Transactions per second (pgbench's own figure, without initial connection time). */
  tps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Transactions logged. */
  n: number;
}

/**
 * A statement as pgbench's prepared mode can take it. In that mode pgbench turns every `:name` into a
 * parameter, even inside a string literal (e.g. `to_char(..., 'HH24:MI:SS')`), and then fails on the undefined
 * variable; such a literal is written as the same string in escape form (`E'HH24\x3aMI\x3aSS'`).
 */
export function forPreparedMode(statement: string): string {
  return statement.replace(/(^|[^A-Za-z0-9_])'((?:[^']|'')*)'/g, (whole, before: string, body: string) =>
    /:[A-Za-z_]/.test(body) ? `${before}E'${body.replace(/\\/g, '\\\\').replace(/:/g, '\\x3a')}'` : whole,
  );
}

/**
 * pgbench running custom scripts (one per entry, each a list of statements; chosen at random per
 * transaction when several) for `seconds` at `clients` clients, no vacuum, pgbench's default (simple)
 * query protocol, or with `prepared` its `-M prepared` (each statement parsed and planned once per
 * connection); with `rate`, transactions a second across the clients at pgbench's own schedule (`-R`), each
 * latency counted from its scheduled start; percentiles in ms from its per-transaction log.
 */
export function pgbench(
  url: string,
  scripts: string[][],
  seconds: number,
  clients: number,
  opts: { prepared?: boolean; rawLines?: boolean; rate?: number } = {},
): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pgbench-'));
  const files = scripts.map((stmts, i) => {
    const f = path.join(dir, `script-${i}.sql`);
    const lines = opts.prepared ? stmts.map(forPreparedMode) : stmts;
    // rawLines: each line already ends as pgbench reads it (';', or a `\gset` that takes the ';''s place).
    writeFileSync(f, `${lines.map((s) => (opts.rawLines ? s : `${s};`)).join('\n')}\n`);
    return f;
  });
  const args = [
    ...(opts.prepared ? ['-M', 'prepared'] : []),
    ...(opts.rate ? ['-R', String(opts.rate)] : []),
    '-n',
    '-c',
    String(clients),
    '-j',
    String(Math.min(clients, 2)),
    '-T',
    String(seconds),
    '-l',
    '--log-prefix',
    path.join(dir, 'log'),
  ];
  for (const f of files) args.push('-f', f);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile('pgbench', args, { timeout: (seconds + 60) * 1000, maxBuffer: 1 << 22 }, (err, stdout, stderr) => {
      try {
        if (err) return reject(new Error(`pgbench failed: ${stderr.trim() || err.message}`));
        const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
        const us = readdirSync(dir)
          .filter((f) => f.startsWith('log'))
          .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
          .map((line) => Number(line.split(' ')[2]))
          .filter((n) => Number.isFinite(n))
          .sort((a, b) => a - b);
        const at = (p: number) => us[Math.min(us.length - 1, Math.floor(p * us.length))]! / 1000;
        resolve({ tps, p50: at(0.5), p95: at(0.95), p99: at(0.99), n: us.length });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
