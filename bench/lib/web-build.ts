import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Manifest } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '../..');
export const webRoot = path.join(repoRoot, 'apps/web');
/** Scratch space inside the repository (gitignored), so node resolution finds the repository's node_modules. */
export const benchOut = path.join(repoRoot, 'bench/.out');

async function viteBuild(config: InlineConfig, outDir: string): Promise<Manifest> {
  await build({
    ...config,
    logLevel: 'error',
    build: { ...config.build, manifest: true, outDir, emptyOutDir: true },
  });
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The real SPA with its own vite.config.ts, written to outDir so apps/web/dist is left alone. */
export function buildSpa(outDir: string): Promise<Manifest> {
  return viteBuild({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), mode: 'production' }, outDir);
}

/** The peer: React + ReactDOM rendering one heading, same bundler, same JSX transform, default settings. */
export function buildBareReact(workDir: string, outDir: string): Promise<Manifest> {
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    path.join(workDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Bare</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>\n',
  );
  writeFileSync(
    path.join(workDir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n",
  );
  return viteBuild({ root: workDir, configFile: false, mode: 'production', plugins: [react()] }, outDir);
}

/** Manifest key of the HTML entry. */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The build manifest has no entry');
  return key;
}

/**
 * The JS files a browser must fetch to render a route: the entry and each of the route's lazy page
 * chunks, each with its static imports followed recursively. Dynamic imports are not followed: they
 * load later, on demand. A page key missing from the manifest is no longer a chunk of its own (it
 * was bundled into an importer), so it is reported rather than counted twice.
 */
export function routeScripts(manifest: Manifest, keys: string[]): { files: string[]; notChunks: string[] } {
  const seen = new Set<string>();
  const files = new Set<string>();
  const notChunks: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return void notChunks.push(key);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return { files: [...files], notChunks };
}

export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export interface Sizes {
  raw: number;
  gz: number;
}

export function sumSizes(dist: string, files: string[]): Sizes {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    raw += statSync(path.join(dist, f)).size;
    gz += gzipBytes(path.join(dist, f));
  }
  return { raw, gz };
}

/** Every emitted JS file, largest first (by minified size, the measure of Vite's chunk size warning). */
export function chunksBySize(dist: string): { file: string; raw: number; gz: number }[] {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: `assets/${f}`, raw: statSync(path.join(assets, f)).size, gz: gzipBytes(path.join(assets, f)) }))
    .sort((a, b) => b.raw - a.raw);
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
