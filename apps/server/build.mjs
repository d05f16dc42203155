import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  alias: {
    '@market/contracts/plain': '../../packages/contracts/src/plain.ts',
    '@market/contracts': '../../packages/contracts/src/index.ts',
  },
  logLevel: 'warning',
};
await build({ ...common, entryPoints: ['src/server.ts'], outfile: 'dist/server.js' });
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
