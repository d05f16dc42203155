import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const srcDir = path.resolve(import.meta.dirname, 'src');

/** Staff routes of `src/app/route-table.ts` that load a page module: the path and the module's file (no extension). */
export function staffPageModules(routeTable: string): { path: string; module: string }[] {
  const start = routeTable.indexOf('export const STAFF_ROUTES');
  const end = routeTable.indexOf('];', start);
  if (start < 0 || end < 0) return [];
  const found: { path: string; module: string }[] = [];
  for (const m of routeTable.slice(start, end).matchAll(/\{[^{}]*?path: '([^']+)'[^{}]*?import\('([^']+)'\)[^{}]*\}/g)) {
    found.push({ path: m[1]!, module: path.resolve(srcDir, 'app', m[2]!) });
  }
  return found;
}

/** The JS files a chunk needs: itself and its static imports, followed recursively. */
function closure(bundle: Rollup.OutputBundle, file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (into.has(file) || !chunk || chunk.type !== 'chunk') return into;
  into.add(file);
  for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

export interface RoutePreloads {
  shell: string[];
  pages: [pattern: string, files: string[]][];
}

/** Per staff route, the files beyond the entry's own (which the HTML already preloads): the shell's, then the page's. */
export function routePreloads(bundle: Rollup.OutputBundle, pages: { path: string; module: string }[]): RoutePreloads | null {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  const byModule = (module: string) => chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '') === module);
  const shellChunk = byModule(path.join(srcDir, 'components/layout/app-shell'));
  if (!entry || !shellChunk) return null;
  const initial = closure(bundle, entry.fileName);
  const shell = [...closure(bundle, shellChunk.fileName)].filter((f) => !initial.has(f));
  const skip = new Set([...initial, ...shell]);
  const out: RoutePreloads = { shell, pages: [] };
  for (const page of pages) {
    const chunk = byModule(page.module);
    if (chunk) out.pages.push([page.path, [...closure(bundle, chunk.fileName)].filter((f) => !skip.has(f))]);
  }
  return out;
}

/** What index.html's first script replaces with the shell's and the staff pages' files (see its comment). */
export const ROUTE_CHUNKS_PLACEHOLDER = 'null; /* market:route-chunks */';

/** Puts the route files into the built index.html, so the shell and the page load beside the entry, not after it. */
function preloadRouteChunks(): Plugin {
  return {
    name: 'market:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!html.includes(ROUTE_CHUNKS_PLACEHOLDER)) throw new Error(`index.html lacks ${ROUTE_CHUNKS_PLACEHOLDER}`);
        const routeTable = readFileSync(path.join(srcDir, 'app/route-table.ts'), 'utf8');
        const preloads = routePreloads(ctx.bundle, staffPageModules(routeTable));
        if (!preloads) throw new Error('The build has no entry or no app shell chunk to preload');
        const json = JSON.stringify([preloads.shell, preloads.pages]).replace(/</g, '\\u003c');
        return html.replace(ROUTE_CHUNKS_PLACEHOLDER, () => `${json};`);
      },
    },
  };
}

/** The icon names a source file imports from lucide-react. */
function lucideNames(source: string): string[] {
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) =>
        n
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean),
  );
}

/** The lucide icon modules the shell's components import, unless the entry needs them too (they stay with it). */
const shellIcons = new Set<string>();
function collectShellIcons(): Plugin {
  return {
    name: 'market:shell-icons',
    apply: 'build',
    buildEnd() {
      shellIcons.clear();
      const ids = [...this.getModuleIds()];
      const barrel = ids.find((id) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id));
      if (!barrel) return;
      // `export { default as CalendarDays, default as CalendarDaysIcon, ... } from './icons/calendar-days.mjs';`
      const fileOf = new Map<string, string>();
      for (const m of readFileSync(barrel, 'utf8').matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
        const file = path.resolve(path.dirname(barrel), m[2]!);
        for (const name of m[1]!.matchAll(/default as (\w+)/g)) fileOf.set(name[1]!, file);
      }
      const iconsOf = (id: string) => (id.startsWith(srcDir) ? lucideNames(readFileSync(id, 'utf8')) : []).map((n) => fileOf.get(n));
      const initial = new Set<string>();
      const visit = (id: string) => {
        if (initial.has(id)) return;
        initial.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      for (const id of ids) if (this.getModuleInfo(id)?.isEntry) visit(id);
      const entryIcons = new Set([...initial].flatMap(iconsOf));
      const layout = path.join(srcDir, 'components/layout') + path.sep;
      for (const id of ids) {
        if (!id.startsWith(layout)) continue;
        for (const file of iconsOf(id)) if (file && !entryIcons.has(file)) shellIcons.add(file);
      }
    },
  };
}

/** Writes .br and .gz beside every built text file over 1 kB, so the server sends them pre-compressed. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'market:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle(error?: Error) {
      // A failed build wrote nothing: let its own error show.
      if (error || !existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), collectShellIcons(), preloadRouteChunks(), precompress()],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth/v1': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/realtime': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        // The shell's icons in one file instead of one file each (a dozen requests on the way to every staff page).
        codeSplitting: {
          groups: [{ name: 'shell-icons', test: (id: string) => shellIcons.has(id), includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
