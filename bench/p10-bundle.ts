import path from 'node:path';
import type { Manifest } from 'vite';
import { buildBareReact, buildSpa, chunksBySize, entryKey, gzipBytes, kB, routeScripts, sumSizes, type Sizes } from './lib/web-build.js';
import { withTimeout } from './lib/web-lighthouse.js';

/** Lazy page modules each route renders (apps/web/src/app/router.tsx); the entry is added to each. */
export const ROUTE_PAGES = {
  'sign-in': ['src/features/auth/auth-page.tsx'],
  dashboard: ['src/components/layout/app-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'],
} as const;
export type RouteName = keyof typeof ROUTE_PAGES;

export interface BundleFigure {
  appDist: string;
  manifest: Manifest;
  /** Files the manifest says each route needs. */
  routeFiles: Record<RouteName, string[]>;
  bare: Sizes;
}

const BUILD_TIMEOUT = 180_000;
const CHUNK_LIMIT = 500_000;
const RATIO_LIMIT = 3;

/**
 * P10 bundle: the SPA built by its own config (plus a manifest) and a bare React app built in the
 * same run; per route, the gzip size of the entry and the route's page chunks with their static imports.
 */
export async function bundleFigure(work: string): Promise<BundleFigure> {
  const appDist = path.join(work, 'app-dist');
  const bareDist = path.join(work, 'bare-dist');
  const manifest = await withTimeout(buildSpa(appDist), BUILD_TIMEOUT, 'The SPA build');
  const bareManifest = await withTimeout(buildBareReact(path.join(work, 'bare-src'), bareDist), BUILD_TIMEOUT, 'The bare React build');

  const bare = sumSizes(bareDist, routeScripts(bareManifest, [entryKey(bareManifest)]).files);
  const entry = entryKey(manifest);
  const routeFiles = {} as Record<RouteName, string[]>;
  const sizes = {} as Record<RouteName, Sizes>;
  const notes: string[] = [];
  for (const name of Object.keys(ROUTE_PAGES) as RouteName[]) {
    const { files, notChunks } = routeScripts(manifest, [entry, ...ROUTE_PAGES[name]]);
    routeFiles[name] = files;
    sizes[name] = sumSizes(appDist, files);
    if (notChunks.length) notes.push(`${name}: ${notChunks.join(', ')} not lazy chunks`);
  }
  const chunks = chunksBySize(appDist);
  const largest = chunks[0];
  if (!largest) throw new Error('The SPA build emitted no JS');
  const ratio = (s: Sizes) => (s.gz / bare.gz).toFixed(2);
  const verdict =
    Math.max(sizes['sign-in'].gz, sizes.dashboard.gz) / bare.gz <= RATIO_LIMIT && largest.raw <= CHUNK_LIMIT ? 'met' : 'NOT met';
  console.log(
    `P10 JS sign-in = ${kB(sizes['sign-in'].gz)} kB gz (${ratio(sizes['sign-in'])}x bare), ` +
      `dashboard = ${kB(sizes.dashboard.gz)} kB gz (${ratio(sizes.dashboard)}x bare), bare React = ${kB(bare.gz)} kB gz, ` +
      `largest chunk = ${kB(largest.raw)} kB (${kB(largest.gz)} kB gz, ${path.basename(largest.file)}) ` +
      `(target <= 3x, no chunk > 500 kB: ${verdict}; gzip -9, 1 kB = 1000 B, chunk size minified as Vite counts it)`,
  );
  // What the dashboard's share is made of, largest first: where to look when the ratio grows.
  const parts = routeFiles.dashboard
    .map((f) => ({ f, gz: gzipBytes(path.join(appDist, f)) }))
    .sort((a, b) => b.gz - a.gz)
    .map((p) => `${path.basename(p.f)} ${kB(p.gz)}`);
  console.log(
    `P10 JS dashboard files (kB gz): ${parts.join(', ')}; ${chunks.length} JS chunks in all${notes.length ? `; ${notes.join('; ')}` : ''}`,
  );
  return { appDist, manifest, routeFiles, bare };
}
