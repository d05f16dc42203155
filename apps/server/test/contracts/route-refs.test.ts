import { readFileSync } from 'node:fs';
import * as contracts from '@market/contracts';
import * as plain from '@market/contracts/plain';
import { describe, expect, it } from 'vitest';
import { isRouteDef, renderRouteRefs, ROUTE_REFS_FILE } from '../../../../packages/contracts/scripts/route-refs.js';

/**
 * The browser names routes through zod-free references (`@market/contracts/plain`), generated from the
 * route definitions by `npm run contracts:routes`. A route added, removed, renamed or moved in the
 * contracts without running the generator fails here (and the typecheck).
 */
const routesOf = (ns: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(ns)
      .filter(([, v]) => isRouteDef(v))
      .map(([k, v]) => [k, `${(v as { method: string }).method} ${(v as { path: string }).path}`]),
  );

describe('zod-free route references', () => {
  const zodNamespaces = Object.keys(contracts)
    .filter((k) => k.endsWith('Routes'))
    .sort();

  it('name every routes namespace of the contracts, and no other', () => {
    const plainNamespaces = Object.keys(plain)
      .filter((k) => k.endsWith('Routes'))
      .sort();
    expect(zodNamespaces.length).toBeGreaterThan(10);
    expect(plainNamespaces).toEqual(zodNamespaces);
  });

  for (const name of zodNamespaces) {
    it(`${name}: every route with its method and path`, () => {
      const defs = routesOf((contracts as unknown as Record<string, Record<string, unknown>>)[name]!);
      const refs = Object.fromEntries(
        Object.entries((plain as unknown as Record<string, Record<string, { method: string; path: string }>>)[name]!).map(([k, v]) => [
          k,
          `${v.method} ${v.path}`,
        ]),
      );
      expect(Object.keys(defs).length).toBeGreaterThan(0);
      expect(refs, 'run `npm run contracts:routes`').toEqual(defs);
    });
  }

  it('the generated files are what the generator writes today', async () => {
    const files = await renderRouteRefs();
    expect(files.has(ROUTE_REFS_FILE)).toBe(true);
    for (const [file, text] of files) expect(readFileSync(file, 'utf8'), `${file}: run \`npm run contracts:routes\``).toBe(text);
  });
});
