import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CONFIG_VARIABLES } from '../../apps/server/src/config/config.js';
import type { Driver } from '../../apps/server/src/db/client.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/server/src/db/seed/seed.js';
import { freePort } from '../../apps/server/test/lib/child.js';
import { benchServerUrl } from './bench-db.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A server running in a child process of the bench, listening on loopback. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** CPU time (user + system) the process has used so far, in seconds; null where /proc is not there. */
  cpuSeconds(): number | null;
  close(): Promise<void>;
}

export interface ProductionServer extends ServerProcess {
  driver: Driver;
  /** A demo super admin's access token, from signing in through the server's own auth API. */
  token: string;
}

let built: Promise<void> | null = null;

/** `npm run build` (web, then server), once per bench run: what `npm start` does before it starts the server. */
export function buildProduction(): Promise<void> {
  built ??= new Promise((resolve, reject) => {
    execFile('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`npm run build failed:\n${stdout}\n${stderr}`)) : resolve(),
    );
  });
  return built;
}

/**
 * The server as `npm start` runs it: `node apps/server/dist/server.js` in its own process, with the
 * configuration's defaults (no variable of the bench's environment passes through) except loopback, a
 * free port, a fresh data folder and DEMO_SEED (so real users exist). On `postgres` it gets a fresh
 * database `market_bench_p1` on the bench's PostgreSQL server (dropped afterwards); on `pglite` the
 * embedded database in its data folder.
 */
export async function startProductionServer(driver: Driver): Promise<ProductionServer> {
  const databaseUrl = driver === 'postgres' ? await freshPostgresDatabase('market_bench_p1') : undefined;
  const server = await spawnServer({ databaseUrl, demoSeed: true }, async () => {
    if (databaseUrl) await dropPostgresDatabase('market_bench_p1');
  });
  try {
    const token = await signIn(server.url, DEMO_USERS.find((u) => u.role === 'super_admin')!.email, DEMO_PASSWORD);
    return { ...server, driver, token };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/**
 * The server as `npm start` runs it (as startProductionServer) on an existing PostgreSQL database, such as a
 * fixture's, without the demo seed: the caller signs its own users in (`signIn`).
 */
export function startServerOn(databaseUrl: string): Promise<ServerProcess> {
  return spawnServer({ databaseUrl, demoSeed: false }, async () => {});
}

/**
 * Builds and starts the production server. BENCH_CPU_PROF=<folder> (of the bench's environment) starts it under
 * `node --cpu-prof`; the profile is written there when it closes.
 */
async function spawnServer(
  opts: { databaseUrl: string | undefined; demoSeed: boolean },
  cleanup: () => Promise<void>,
): Promise<ServerProcess> {
  await buildProduction();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-p1-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  delete env.NODE_OPTIONS;
  Object.assign(env, { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });
  if (opts.demoSeed) env.DEMO_SEED = 'true';
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const profDir = process.env.BENCH_CPU_PROF;
  const profArgs = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  const child = spawn(process.execPath, [...profArgs, 'apps/server/dist/server.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  const { server, tail } = watch(child, url, async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await cleanup();
  });
  try {
    await waitFor(child, tail, `${url}/api/v1/health`, 120_000);
    return server;
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** The bare peer (`bare-server.mjs`) in its own process, answering GET `route` with `json`. */
export function startBareServer(route: string, json: string): Promise<ServerProcess> {
  return startScript('bare-server.mjs', { path: route, json });
}

/**
 * P2's floor (`bare-sql-server.mjs`) in its own process: GET of each path of `pages` runs its statements (the
 * route's own, literals written in) through node-postgres with a pool of `poolSize` and answers with the last
 * one's first `limit` items.
 */
export function startBareSqlServer(opts: {
  pages: Record<string, string[]>;
  databaseUrl: string;
  poolSize: number;
  limit: number;
}): Promise<ServerProcess> {
  return startScript('bare-sql-server.mjs', opts);
}

/** A script of this folder in its own process, given `args` as JSON; it prints {"port"} once it listens. */
async function startScript(script: string, args: object): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, script), JSON.stringify(args)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it listened`)));
  });
  return watch(child, `http://127.0.0.1:${port}`, async () => {}).server;
}

/** The answer's bytes and content type, for checking that both servers send the same thing. */
export async function fetchAnswer(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

function watch(child: ChildProcess, url: string, cleanup: () => Promise<void>): { server: ServerProcess; tail: () => string } {
  // Keep the last output for error messages; reading it also keeps the pipes from filling up.
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    url,
    pid: child.pid!,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanup();
    },
  };
  return { server, tail: () => tail };
}

async function waitFor(child: ChildProcess, tail: () => string, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it answered:\n${tail()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s:\n${tail()}`);
}

/** An access token for a user, from signing in through the server's own auth API. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in as ${email} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux). */
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: benchServerUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function freshPostgresDatabase(name: string): Promise<string> {
  await dropPostgresDatabase(name);
  await adminQuery(`create database ${pg.escapeIdentifier(name)}`);
  const url = new URL(benchServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function dropPostgresDatabase(name: string): Promise<void> {
  return adminQuery(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
}
