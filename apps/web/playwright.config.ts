import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
// The OpenID Connect provider the sign-in page offers (e2e/oidc-issuer.mjs, started beside the app).
const oidcPort = port + 1;
const OIDC = { clientId: 'market-e2e', clientSecret: 'market-e2e-secret-0123456789' };
// The runner sets these once; its workers inherit them (the config is evaluated again in every worker).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'market-e2e-')));
// The server's secret, so fixtures.ts can sign the service key for the auth admin API.
const jwtSecret = (process.env.E2E_JWT_SECRET ??= randomBytes(32).toString('hex'));

/**
 * Drives the built app (server + SPA) on a fresh embedded database, in the system Chromium. The tests create
 * their own users and records (fixtures.ts); DEMO_SEED stays on only because a fresh install has no other way
 * to get an organization and its staff accounts (see `seeded` in fixtures.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  retries: 1,
  workers: 2,
  reporter: [['list']],
  projects: [
    { name: 'main', testIgnore: /(users|mfa-policy)\.spec\.ts$/ },
    // users.spec grants a permission to a seeded role of the shared organization for a moment, and mfa-policy.spec asks
    // one role for two-step sign-in: they run after every spec that reads a seeded role's sidebar, never beside one.
    { name: 'matrix', testMatch: /(users|mfa-policy)\.spec\.ts$/, dependencies: ['main'] },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-gpu'],
    },
  },
  webServer: [
    {
      command: 'node e2e/oidc-issuer.mjs',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 20_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(oidcPort), OIDC_CLIENT_ID: OIDC.clientId, OIDC_CLIENT_SECRET: OIDC.clientSecret },
    },
    {
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
        JWT_SECRET: jwtSecret,
        DEMO_SEED: 'true',
        // Each test sends its own X-Forwarded-For (fixtures.ts), so per-address limits count one test at a time.
        TRUST_PROXY: 'true',
        PUBLIC_URL: `http://localhost:${port}`,
        VENDOR_HOST: `vendors.localhost:${port}`,
        LOG_LEVEL: 'warn',
        WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
        AUTH_OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
        AUTH_OIDC_CLIENT_ID: OIDC.clientId,
        AUTH_OIDC_CLIENT_SECRET: OIDC.clientSecret,
        AUTH_OIDC_PROVIDER: 'marketid',
        AUTH_OIDC_NAME: 'Market ID',
      },
    },
  ],
});
