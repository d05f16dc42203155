import { defineConfig } from 'vitest/config';

const common = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  retry: 0,
};

// The whole suite runs on embedded PGlite, and again on a PostgreSQL server when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      { test: { ...common, name: 'pglite', env: { TEST_DRIVER: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL ? [{ test: { ...common, name: 'postgres', env: { TEST_DRIVER: 'postgres' } } }] : []),
    ],
  },
});
