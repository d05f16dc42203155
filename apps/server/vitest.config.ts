import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const common = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  retry: 0,
  isolate: false,
};

// The whole suite runs on embedded PGlite, and again on a PostgreSQL server when TEST_DATABASE_URL is set.
// Every file builds its own app on its own database, so files share a worker's loaded modules (isolate: false
// saves importing the whole server once per file), and one worker runs per core: vitest's default leaves one
// core idle, which on a 2-core machine ran the suite one file at a time.
export default defineConfig({
  test: {
    reporters: ['default'],
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { ...common, name: 'pglite', env: { TEST_DRIVER: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL ? [{ test: { ...common, name: 'postgres', env: { TEST_DRIVER: 'postgres' } } }] : []),
    ],
  },
});
