import { execFile } from 'node:child_process';
import path from 'node:path';

export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  /** Hard cap on requests, so every run is bounded in count as well as time. */
  amount?: number;
}

/** Loopback load from a separate process (autocannon), bounded in time and request count. */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const worker = path.join(import.meta.dirname, 'load-worker.mjs');
  const args = {
    url: opts.url,
    duration: opts.duration,
    connections: opts.connections,
    headers: opts.headers ?? {},
    maxOverallRequests: opts.amount ?? 2_000_000,
  };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [worker, JSON.stringify(args)],
      { timeout: (opts.duration + 30) * 1000, maxBuffer: 1 << 20 },
      (err, stdout) => {
        if (err) return reject(err);
        resolve(JSON.parse(stdout) as LoadResult);
      },
    );
  });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export const fmt = (n: number, d = 2) => n.toFixed(d);
