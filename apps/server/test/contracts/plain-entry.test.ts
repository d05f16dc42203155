import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `@market/contracts/plain` is what the browser loads at run time; it must never reach zod (the reason it
 * exists). Walks the value imports and re-exports from plain.ts (type-only ones are erased) and refuses
 * any that leaves the package or reaches a module importing zod.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/contracts/src');
const VALUE_EDGE = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function valueImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(VALUE_EDGE)].map((m) => m[1]!);
}

describe('the zod-free entry of the contracts', () => {
  it('reaches no zod and nothing outside the package through value imports', () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of valueImports(file)) {
        const where = path.relative(src, file);
        if (!spec.startsWith('.')) problems.push(`${where} imports ${spec}`);
        else walk(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    walk(path.join(src, 'plain.ts'));
    expect(seen.size).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});
