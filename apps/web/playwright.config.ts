import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = mkdtempSync(path.join(tmpdir(), 'market-e2e-'));

/** Drives the built app (server + SPA) on a fresh embedded database with the demo seed, in the system Chromium. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  retries: 1,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-gpu'],
    },
  },
  webServer: {
    command: 'node ../server/dist/server.js',
    url: `http://localhost:${port}/api/v1/health/ready`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      PUBLIC_URL: `http://localhost:${port}`,
      VENDOR_HOST: `vendors.localhost:${port}`,
      LOG_LEVEL: 'warn',
    },
  },
});
