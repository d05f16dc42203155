import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: number;
  procStart: string | null;
}

/** Kernel start time of a process (Linux), so a reused PID is not taken for the old owner. */
function procStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(info: LockInfo): boolean {
  if (info.host !== hostname()) return true; // another machine's lock on a shared folder: never steal it
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const now = procStartOf(info.pid);
  return info.procStart === null || now === null || now === info.procStart;
}

/**
 * Exclusive lock on an embedded data folder: PGlite has one connection and two processes on one
 * folder silently lose data. A lock left by a dead process (kill -9) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  const mine: LockInfo = { pid: process.pid, host: hostname(), startedAt: Date.now(), procStart: procStartOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
          if (current.pid === mine.pid && current.startedAt === mine.startedAt) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let info: LockInfo | null = null;
    try {
      info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    } catch {
      info = null; // unreadable or half-written lock: treat as stale
    }
    if (info && isAlive(info)) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another server (pid ${info.pid} on ${info.host}). ` +
          'Stop that process, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.',
      );
    }
    try {
      unlinkSync(file);
    } catch {
      /* someone else removed it first */
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}
