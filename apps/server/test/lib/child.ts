import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

/** A child process with its output collected and helpers to wait for a line or for its exit. */
export interface Child {
  proc: ChildProcess;
  output(): string;
  waitFor(text: string, timeoutMs: number): Promise<void>;
  exited(timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

/** Runs a TypeScript file of the server with tsx, the way `npm run dev` does. */
export function spawnTs(file: string, args: string[] = [], env: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const timeout = <T>(p: Promise<T>, ms: number, what: string) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} not within ${ms} ms; output:\n${out}`)), ms).unref()),
    ]);
  return {
    proc,
    output: () => out,
    waitFor: (text, ms) =>
      timeout(
        new Promise<void>((resolve, reject) => {
          const check = () => {
            if (out.includes(text)) resolve();
          };
          listeners.add(check);
          check();
          void exit.then(() => (out.includes(text) ? resolve() : reject(new Error(`exited before "${text}"; output:\n${out}`))));
        }),
        ms,
        `"${text}"`,
      ),
    exited: (ms) => timeout(exit, ms, 'exit'),
    kill: (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    },
  };
}

/** A TCP port free on loopback right now, for a server started in a child process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
