import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One name per feature (issue 13): the folder of a feature has the same name in the web app, the
 * server and the contracts. The few folders that are not features of their own are listed here with
 * the reason; this list stays short. docs/architecture.md shows the same table.
 */
const NOT_A_FEATURE: Record<'web' | 'server' | 'contracts', Record<string, string>> = {
  web: {
    'api-docs': 'the reference of /api/v1, read from the OpenAPI document the server builds from every contract (lib/openapi.ts)',
  },
  server: {
    access: 'who may do what, used by every route; no screen of its own',
    audit: 'the audit log every write records into',
    jobs: 'the PostgreSQL job queue that timed and long work runs in',
    platform: 'health, readiness, public configuration, the caller and their profile',
    realtime: 'the realtime service (/realtime/v1)',
    rest: 'the table service (/rest/v1): the Supabase-client table calls the shell makes',
    storage: 'the file service (/storage/v1)',
  },
  contracts: {
    common: 'route definition, error envelope, concurrency and host helpers',
    i18n: "the shell's shipped translations",
    platform: 'health, readiness, public configuration, the caller and their profile',
  },
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

const places = {
  web: folders('apps/web/src/features'),
  server: folders('apps/server/src/modules'),
  contracts: folders('packages/contracts/src'),
};

describe('one name per feature', () => {
  const features = new Set(Object.values(places).flat());
  for (const name of [...features].sort()) {
    it(`${name} has the same folder in every package that is not excused`, () => {
      const missing = (Object.keys(places) as (keyof typeof places)[]).filter((where) => !places[where].includes(name));
      const excused = (Object.keys(places) as (keyof typeof places)[]).filter((where) => NOT_A_FEATURE[where][name]);
      // A folder listed as not a feature may lack a counterpart anywhere; a feature may lack one only
      // where it is excused.
      const unexplained = excused.length ? [] : missing;
      expect(unexplained, `${name}: no folder in ${unexplained.join(', ')}`).toEqual([]);
    });
  }

  it('every excused folder still exists (the list does not go stale)', () => {
    for (const where of Object.keys(NOT_A_FEATURE) as (keyof typeof places)[]) {
      for (const name of Object.keys(NOT_A_FEATURE[where])) expect(places[where], `${where}/${name}`).toContain(name);
    }
  });

  it('the web app keeps shared infrastructure out of features/', () => {
    for (const name of ['i18n', 'theme', 'session', 'access', 'geo-map', 'slot-plan']) expect(places.web).not.toContain(name);
  });
});
