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

/** A cycle of static imports between the bundle's chunks, or null. */
export function chunkCycle(bundle: Rollup.OutputBundle): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    const chunk = bundle[file];
    if (state.get(file) === 'done' || !chunk || chunk.type !== 'chunk') return null;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'open');
    stack.push(file);
    for (const dep of chunk.imports) {
      const found = visit(dep);
      if (found) return found;
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of Object.keys(bundle)) {
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

/** A module's import and export statements, read from its code (names as written, `type` imports left out). */
interface ModuleStatements {
  /** import ... from: the names taken ('*' for a namespace), per specifier. */
  imports: { spec: string; names: string[] }[];
  /** export { a as b } from: exported name -> [specifier, name there]. */
  reexports: Map<string, [string, string]>;
  /** export * from. */
  stars: string[];
  /** Names the module itself defines and exports. */
  own: Set<string>;
  /** export { x }, where x is an imported binding: exported name -> [specifier, name there]. */
  passed: Map<string, [string, string]>;
  /** Nothing but import and export statements (an index file that only passes names on). */
  barrel: boolean;
}

const namesOf = (list: string) =>
  list
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith('type '))
    .map((n) => n.split(/\s+as\s+/).map((x) => x.trim().replace(/^["']|["']$/g, '')) as [string, string?]);

/** The statements of an ES module, or null for code that is not one (CommonJS, JSON, virtual modules). */
export function moduleStatements(code: string): ModuleStatements | null {
  if (!/\b(import|export)\b/.test(code)) return null;
  const out: ModuleStatements = { imports: [], reexports: new Map(), stars: [], own: new Set(), passed: new Map(), barrel: false };
  const bindings = new Map<string, [string, string]>();
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of text.matchAll(/\bimport\s+(type\s+)?(?:([\w$]+)\s*,?\s*)?(\*\s*as\s+[\w$]+|\{([^}]*)\})?\s*from\s*["']([^"']+)["']/g)) {
    if (m[1]) continue;
    const names = [...(m[2] ? ['default'] : []), ...(m[3]?.startsWith('*') ? ['*'] : []), ...namesOf(m[4] ?? '').map((n) => n[0])];
    out.imports.push({ spec: m[5]!, names });
    if (m[2]) bindings.set(m[2], [m[5]!, 'default']);
    if (m[3]?.startsWith('*')) bindings.set(m[3].replace(/^\*\s*as\s+/, ''), [m[5]!, '*']);
    for (const [name, as] of namesOf(m[4] ?? '')) bindings.set(as ?? name, [m[5]!, name]);
  }
  for (const m of text.matchAll(/\bimport\s*["']([^"']+)["']/g)) out.imports.push({ spec: m[1]!, names: ['*'] });
  for (const m of text.matchAll(/\bexport\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    if (m[1]) continue;
    for (const [name, as] of namesOf(m[2]!)) out.reexports.set(as ?? name, [m[3]!, name]);
  }
  for (const m of text.matchAll(/\bexport\s*\*\s*(?:as\s+([\w$]+)\s*)?from\s*["']([^"']+)["']/g)) {
    if (m[1]) out.reexports.set(m[1], [m[2]!, '*']);
    else out.stars.push(m[2]!);
  }
  for (const m of text.matchAll(/\bexport\s+(?:default\s+)?(?:async\s+)?(?:function\s*\*?|class|const|let|var)\s*([\w$]+)/g))
    out.own.add(m[1]!);
  if (/\bexport\s+default\b/.test(text)) out.own.add('default');
  for (const m of text.matchAll(/\bexport\s*\{([^}]*)\}(?!\s*from)/g)) {
    for (const [name, as] of namesOf(m[1]!)) {
      out.own.add(as ?? name);
      const imported = bindings.get(name);
      if (imported) out.passed.set(as ?? name, imported);
    }
  }
  const rest = text
    .replace(/\b(import|export)\b[^;'"]*?\bfrom\s*["'][^"']+["'];?/g, '')
    .replace(/\bimport\s*["'][^"']+["'];?/g, '')
    .replace(/\bexport\s*\{[^}]*\};?/g, '')
    .replace(/["']use (client|strict)["'];?/g, '');
  out.barrel = rest.trim() === '';
  return out;
}

/**
 * The dashboard's way in, in few files (each file is one more request on a slow mobile link; there were 25): what
 * the entry statically needs goes into the entry, and so do the small modules that the shell or the dashboard
 * share with pages outside the shell (sign-in, public and vendor pages); what else the shell needs, and what the
 * dashboard shares with other staff pages, goes into one chunk beside the shell (every staff page loads it); what
 * only the dashboard needs stays in its page's chunk. Pages outside the shell never load the shell's code. "Needs"
 * follows the names a module imports through re-exporting index files, as tree-shaking does, so importing one
 * thing from a feature's index does not count the whole feature.
 */
/** Characters of code: a shared module at most this size rides in the entry rather than costing a request. */
const SMALL_SHARED_MODULE = 4000;
const criticalGroups = { entry: new Set<string>(), shell: new Set<string>() };
function collectCriticalGroups(): Plugin {
  return {
    name: 'market:critical-groups',
    apply: 'build',
    async buildEnd(error) {
      for (const set of Object.values(criticalGroups)) set.clear();
      if (error) return;
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const statements = new Map<string, ModuleStatements | null>();
      const resolved = new Map<string, string | null>();
      const key = (spec: string, importer: string) => `${importer}\0${spec}`;
      for (const id of ids) {
        const st = info(id)?.code ? moduleStatements(info(id)!.code!) : null;
        statements.set(id, st);
        if (!st) continue;
        const specs = [...st.imports.map((i) => i.spec), ...[...st.reexports.values()].map((r) => r[0]), ...st.stars];
        for (const spec of new Set(specs)) {
          const r = await this.resolve(spec, id).catch(() => null);
          resolved.set(key(spec, id), r && !r.external ? r.id : null);
        }
      }
      const target = (spec: string, importer: string) => resolved.get(key(spec, importer)) ?? null;

      /** The modules `from` needs (with their dynamic imports when `dynamic`), not entering `stop`. */
      const closure = (from: string[], opts: { stop?: Set<string>; dynamic?: boolean } = {}) => {
        const stop = opts.stop ?? new Set<string>();
        const whole = new Set<string>();
        const named = new Set<string>();
        const visitWhole = (id: string) => {
          if (whole.has(id) || stop.has(id)) return;
          whole.add(id);
          const m = info(id);
          const st = statements.get(id);
          if (opts.dynamic) for (const dep of m?.dynamicallyImportedIds ?? []) visitWhole(dep);
          if (!st) {
            for (const dep of m?.importedIds ?? []) visitWhole(dep);
            return;
          }
          for (const imp of st.imports) {
            const t = target(imp.spec, id);
            if (t) for (const name of imp.names) visitName(t, name);
          }
          // An import the statements do not show (one a plugin added): taken whole.
          const specs = [...st.imports.map((i) => i.spec), ...[...st.reexports.values()].map((r) => r[0]), ...st.stars];
          const known = new Set(specs.map((spec) => target(spec, id)));
          for (const dep of m?.importedIds ?? []) if (!known.has(dep)) visitWhole(dep);
        };
        const provides = (id: string, name: string, seen = new Set<string>()): boolean => {
          if (seen.has(id)) return false;
          seen.add(id);
          const st = statements.get(id);
          if (!st || st.own.has(name) || st.reexports.has(name)) return true;
          return st.stars.some((s) => {
            const t = target(s, id);
            return !!t && provides(t, name, seen);
          });
        };
        const visitName = (id: string, name: string) => {
          const k = `${id}\0${name}`;
          if (named.has(k) || stop.has(id)) return;
          named.add(k);
          const st = statements.get(id);
          // An index file that passes on what it imported: only the module the name comes from.
          const passed = st?.barrel ? st.passed.get(name) : undefined;
          if (passed) {
            const t = target(passed[0], id);
            if (t) visitName(t, passed[1]);
            return;
          }
          if (!st || name === '*' || st.own.has(name)) {
            visitWhole(id);
            if (st && name === '*') {
              for (const [spec] of st.reexports.values()) if (target(spec, id)) visitName(target(spec, id)!, '*');
              for (const spec of st.stars) if (target(spec, id)) visitName(target(spec, id)!, '*');
            }
            return;
          }
          const re = st.reexports.get(name);
          if (re) {
            const t = target(re[0], id);
            if (t) visitName(t, re[1]);
            return;
          }
          for (const spec of st.stars) {
            const t = target(spec, id);
            if (t && provides(t, name)) visitName(t, name);
          }
        };
        from.forEach(visitWhole);
        return whole;
      };

      const byFile = (file: string) => ids.find((id) => id.replace(/\.tsx?$/, '') === file);
      const entries = ids.filter((id) => info(id)?.isEntry);
      const shell = byFile(path.join(srcDir, 'components/layout/app-shell'));
      const staffPages = staffPageModules(readFileSync(path.join(srcDir, 'app/route-table.ts'), 'utf8'))
        .map((p) => byFile(p.module))
        .filter((id): id is string => !!id);
      const dashboard = byFile(path.join(srcDir, 'features/dashboard/dashboard-page'));
      if (!shell || !dashboard || !entries.length) return;
      const initial = closure(entries);
      // Everything that can load without the shell: from the entry, static and dynamic, short of the shell and the staff pages.
      const outside = closure(entries, { stop: new Set([shell, ...staffPages]), dynamic: true });
      const shellModules = closure([shell]);
      const dashboardModules = closure([dashboard]);
      // What another staff page needs too goes with the shell (every staff page loads it), not with the dashboard.
      const otherPages = closure(staffPages.filter((id) => id !== dashboard));
      const size = (id: string) => info(id)?.code?.length ?? Infinity;
      for (const id of initial) criticalGroups.entry.add(id);
      for (const id of new Set([...shellModules, ...dashboardModules])) {
        if (initial.has(id)) continue;
        if (outside.has(id)) {
          if (size(id) <= SMALL_SHARED_MODULE) criticalGroups.entry.add(id);
        } else if (id !== shell && (shellModules.has(id) || otherPages.has(id))) criticalGroups.shell.add(id);
      }
    },
    generateBundle(_options, bundle) {
      // Chunks that import each other could run a module before one it needs (a class before its base class).
      const cycle = chunkCycle(bundle);
      if (cycle) this.error(`Chunks import each other: ${cycle.join(' -> ')}`);
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

/**
 * The API reference's own packages (Scalar, and the Vue, CodeMirror and Markdown stacks it brings), which no other page
 * uses, in layers (each only imports those below it) so no chunk passes the size limit; /api-docs loads them together.
 */
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
const API_REFERENCE_GROUPS = [
  // Shared with the React pages' popovers (Radix): kept apart, so those pages never load the reference's Vue.
  { name: 'floating-ui', test: pkg('@floating-ui[\\\\/](core|dom|utils)') },
  { name: 'ref-vue', test: pkg('@vue|vue|@vueuse|@headlessui[\\\\/]vue|@floating-ui[\\\\/]vue|radix-vue|@unhead|unhead') },
  { name: 'ref-lezer', test: pkg('@lezer') },
  { name: 'ref-editor', test: pkg('@codemirror|@replit') },
  {
    name: 'ref-markdown',
    test: pkg(
      'hast-[^\\\\/]+|hastscript|mdast-[^\\\\/]+|micromark[^\\\\/]*|rehype-[^\\\\/]+|remark-[^\\\\/]+|unified|unist-[^\\\\/]+|vfile[^\\\\/]*|parse5',
    ),
  },
  // Highlight.js comes bundled inside this package: its languages apart from the rest.
  { name: 'ref-hljs', test: /@scalar[\\/]code-highlight[\\/]dist[\\/]chunks[\\/](shared-lowlight|languages)\./ },
  { name: 'ref-themes', test: pkg('@scalar[\\\\/](themes|icons|localization|use-hooks|use-toasts)') },
  {
    name: 'ref-types',
    test: pkg('@scalar[\\\\/](helpers|types|typebox|json-magic|validation|schemas|openapi-upgrader|asyncapi-upgrader)'),
  },
  { name: 'ref-store', test: pkg('@scalar[\\\\/](workspace-store|oas-utils|snippetz)') },
  { name: 'ref-highlight', test: pkg('@scalar[\\\\/](code-highlight|highlight)') },
  { name: 'ref-components', test: pkg('@scalar[\\\\/](components)') },
  { name: 'ref-ui', test: pkg('@scalar[\\\\/](use-codemirror|sidebar|blocks)') },
  { name: 'ref-docs', test: pkg('@scalar[\\\\/](openapi-to-markdown|asyncapi-to-markdown|agent-chat)') },
  { name: 'ref-client', test: pkg('@scalar[\\\\/](api-client)') },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), collectCriticalGroups(), preloadRouteChunks(), precompress()],
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
        // Few files on the way to a staff page (see collectCriticalGroups). The entry's group takes its modules'
        // dependencies along, so no other chunk holds something the entry runs; the shell's group needs none
        // (what its modules import is in the entry, in the group, or outside the shell's code).
        codeSplitting: {
          groups: [
            // The auth client (and the bundler's runtime, which both need) beside the entry, loaded alongside it: the
            // entry stays under the chunk size limit.
            { name: 'supabase', test: /[\\/]node_modules[\\/]@supabase[\\/]auth-js[\\/]|rolldown[\\/]runtime/, priority: 14 },
            { name: 'index', test: (id: string) => criticalGroups.entry.has(id), priority: 13 },
            {
              name: 'shell-parts',
              test: (id: string) => criticalGroups.shell.has(id),
              includeDependenciesRecursively: false,
              priority: 12,
            },
            // The API reference (Scalar and what it brings, loaded by /api-docs only) in pieces under the chunk limit.
            ...API_REFERENCE_GROUPS.map((g, i) => ({ ...g, priority: API_REFERENCE_GROUPS.length - i })),
          ],
        },
      },
    },
  },
});
