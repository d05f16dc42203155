import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing that would reach the network or compete for the CPU while measuring. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-default-browser-check',
];

export interface Chromium {
  /** DevTools port, for Lighthouse and for Playwright's connectOverCDP. */
  port: number;
  close(): Promise<void>;
}

/** The system Chromium with its own temporary profile, so a signed-in session survives between tabs and runs. */
export async function launchChromium(timeoutMs = 30_000): Promise<Chromium> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-chromium-'));
  // Same process group as the bench, so Ctrl-C ends it too; its renderers exit with the browser process.
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: 'ignore',
  });
  let exited = false;
  let spawnError: Error | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', (err) => {
      spawnError = err;
      exited = true;
      resolve();
    });
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const close = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const ended = await Promise.race([exit.then(() => true), sleep(5000).then(() => false)]);
      if (!ended) child.kill('SIGKILL');
    }
    process.off('exit', killOnExit);
    // Chromium's helpers may still be flushing the profile for a moment after the browser exits.
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (err) {
      console.warn(`could not remove the Chromium profile ${userDataDir}: ${(err as Error).message}`);
    }
  };
  // Chromium writes the port it picked to DevToolsActivePort once DevTools is listening.
  const portFile = path.join(userDataDir, 'DevToolsActivePort');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
      if (port > 0) return { port, close };
    }
    await sleep(100);
  }
  await close();
  throw new Error(
    `Chromium (${CHROMIUM_PATH}) did not open its DevTools port within ${timeoutMs} ms${spawnError ? `: ${spawnError.message}` : ''}`,
  );
}
