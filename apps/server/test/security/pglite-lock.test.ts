import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from '../../src/db/lock.js';
import { driver } from '../harness.js';
import { spawnTs, type Child } from '../lib/child.js';

const HOLDER = 'test/lib/db-holder.ts';
const IN_USE = /is in use by another server/;
const children: Child[] = [];
const dirs: string[] = [];

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'market-lock-'));
  dirs.push(d);
  return d;
}
function holder(dir: string, wait = false): Child {
  const c = spawnTs(HOLDER, wait ? [dir, '--wait'] : [dir]);
  children.push(c);
  return c;
}
const lockFile = (dir: string) => path.join(dir, 'server.lock');
const lockInfo = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; host: string };

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('R11 embedded database guard: acquireDataDirLock', () => {
  it('holds the folder for one owner and releases it only for that owner', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(lockInfo(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(IN_USE);
    release();
    release();
    expect(existsSync(lockFile(dir))).toBe(false);

    const again = acquireDataDirLock(dir);
    // Someone else's lock in the file (it was taken over): releasing ours must not delete it.
    writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 1, procStart: null }));
    again();
    expect(existsSync(lockFile(dir))).toBe(true);
  });

  it.each([
    ['a dead process', () => ({ pid: deadPid(), host: hostname(), startedAt: 1, procStart: null })],
    ['a reused pid (other start time)', () => ({ pid: process.pid, host: hostname(), startedAt: 1, procStart: 'not-this-process' })],
  ])('takes over a stale lock of %s', (_name, info) => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify(info()));
    const release = acquireDataDirLock(dir);
    expect(lockInfo(dir).pid).toBe(process.pid);
    release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), '{"pid": 12');
    acquireDataDirLock(dir)();
  });

  it("never takes another machine's lock on a shared folder", () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: deadPid(), host: `not-${hostname()}`, startedAt: 1, procStart: null }));
    expect(() => acquireDataDirLock(dir)).toThrow(IN_USE);
  });
});

// Child processes on a PGlite folder do not depend on the test driver: run them once, in the PGlite project.
describe.skipIf(driver !== 'pglite')('R11 embedded database guard: processes', () => {
  it('refuses a second process within 2 s, recovers after kill -9, and releases on SIGTERM', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const first = holder(dir);
    await first.waitFor('READY', 60_000);
    expect(lockInfo(dir).pid).toBe(first.proc.pid);

    // The second process loads its code first, then is timed from the moment it opens the folder.
    const second = holder(dir, true);
    await second.waitFor('LOADED', 30_000);
    const started = performance.now();
    second.proc.stdin!.write('go\n');
    const { code } = await second.exited(10_000);
    const refusedMs = Math.round(performance.now() - started);
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(IN_USE);
    expect(second.output()).toContain(`pid ${first.proc.pid}`);
    expect(refusedMs).toBeLessThan(2000);

    // The real server refuses the folder too, and says why.
    const server = spawnTs('src/server.ts', [], { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: '' });
    children.push(server);
    const serverExit = await server.exited(30_000);
    expect(serverExit.code).toBe(1);
    expect(server.output()).toMatch(IN_USE);

    first.kill('SIGKILL');
    await first.exited(10_000);
    expect(lockInfo(dir).pid).toBe(first.proc.pid); // left behind by kill -9

    const third = holder(dir);
    await third.waitFor('READY', 60_000);
    expect(lockInfo(dir).pid).toBe(third.proc.pid);

    third.kill('SIGTERM');
    expect((await third.exited(15_000)).code).toBe(0);
    expect(existsSync(lockFile(dir))).toBe(false);

    console.log(`R11 second process refused in ${refusedMs} ms; stale lock after kill -9 recovered; SIGTERM released the lock`);
  });
});
