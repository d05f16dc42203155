import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@market/contracts';
import type { InjectOptions } from 'fastify';
import { API_PREFIX } from '../../src/lib/api-route.js';
import { bodyMutants, toJsonSchema, validValue, wrongValues, type JsonSchema, type Mode } from './json-schema-sample.js';
import type { Rng } from './prng.js';

export type Part = 'params' | 'query' | 'body';
export type Query = Record<string, string | string[]>;
export type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

/** One generated request to a contract route, described by its parts. */
export interface Case {
  label: string;
  params: Record<string, string>;
  query: Query;
  body: Body;
}

/** The parts of a route that carry caller input. */
export function inputParts(def: RouteDef): Part[] {
  return (['params', 'query', 'body'] as const).filter((p) => def[p] !== undefined);
}

const jsonSchemas = new WeakMap<object, JsonSchema>();
export function jsonSchemaOf(schema: NonNullable<RouteDef['body']>): JsonSchema {
  let js = jsonSchemas.get(schema);
  if (!js) {
    js = toJsonSchema(schema);
    jsonSchemas.set(schema, js);
  }
  return js;
}

/** A query value as it travels: strings only. */
function asQueryValue(v: unknown): string | string[] {
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function validParams(def: RouteDef, rng: Rng, mode: Mode, realIds: readonly string[] = []): Record<string, string> {
  if (!def.params) return {};
  const out: Record<string, string> = {};
  for (const [key, s] of Object.entries(jsonSchemaOf(def.params).properties ?? {})) {
    out[key] = key === 'id' && realIds.length && rng.bool(0.6) ? rng.pick(realIds) : String(validValue(s, rng, mode));
  }
  return out;
}

export function validQuery(def: RouteDef, rng: Rng, mode: Mode): Query {
  if (!def.query) return {};
  const value = validValue(jsonSchemaOf(def.query), rng, mode) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asQueryValue(v)]));
}

export function validBody(def: RouteDef, rng: Rng, mode: Mode): Body {
  if (!def.body) return { kind: 'none' };
  return { kind: 'json', value: validValue(jsonSchemaOf(def.body), rng, mode) };
}

/** What the server's validators will see, checked with the route's own zod schemas. */
export function invalidParts(def: RouteDef, c: Case): Part[] {
  const bad: Part[] = [];
  if (def.params && !def.params.safeParse(c.params).success) bad.push('params');
  if (def.query && !def.query.safeParse(c.query).success) bad.push('query');
  if (def.body) {
    let parsed: { ok: true; value: unknown } | { ok: false };
    if (c.body.kind === 'none') parsed = { ok: true, value: undefined };
    else {
      try {
        parsed = { ok: true, value: JSON.parse(c.body.kind === 'raw' ? c.body.text : JSON.stringify(c.body.value)) };
      } catch {
        parsed = { ok: false };
      }
    }
    if (!parsed.ok || !def.body.safeParse(parsed.value).success) bad.push('body');
  }
  return bad;
}

/** A schema-valid case with the most compact values: what the authorization matrix sends. */
export function minimalCase(def: RouteDef, rng: Rng): Case {
  for (let i = 0; i < 50; i++) {
    const c: Case = {
      label: 'minimal',
      params: validParams(def, rng, 'minimal'),
      query: validQuery(def, rng, 'minimal'),
      body: validBody(def, rng, i === 0 ? 'minimal' : 'random'),
    };
    if (invalidParts(def, c).length === 0) return c;
  }
  throw new Error(`Cannot generate a valid request for ${def.method} ${def.path}`);
}

const PARAM_GARBAGE = [
  'not-a-uuid',
  '123',
  "1' OR '1'='1",
  'null',
  'undefined',
  '{}',
  '[]',
  ' ',
  '\u0000',
  '%00',
  'é',
  '😀',
  '<script>',
  '../../etc/passwd',
  '00000000-0000-9000-8000-000000000000',
  'x'.repeat(150),
];

/** Candidate invalid values for one part of a route around a valid case. */
export function mutantsFor(def: RouteDef, part: Part, base: Case, rng: Rng): Case[] {
  if (part === 'params') {
    const props = jsonSchemaOf(def.params!).properties ?? {};
    return Object.keys(props).flatMap((key) => {
      const uuid = rng.uuid();
      const values = [
        ...PARAM_GARBAGE,
        `${uuid}0`,
        uuid.slice(1),
        `{${uuid}}`,
        uuid.replace(/-/g, ''),
        rng.uuid().replace(/[0-9a-f]/, 'g'),
      ];
      return values.map((v) => ({
        ...base,
        label: `params.${key} = ${JSON.stringify(v).slice(0, 30)}`,
        params: { ...base.params, [key]: v },
      }));
    });
  }
  if (part === 'query') {
    const js = jsonSchemaOf(def.query!);
    const out: Case[] = [];
    for (const [key, prop] of Object.entries(js.properties ?? {})) {
      const values = wrongValues(prop, rng).filter((v) => typeof v === 'string' || typeof v === 'number');
      for (const v of values)
        out.push({ ...base, label: `query.${key} = ${JSON.stringify(v).slice(0, 30)}`, query: { ...base.query, [key]: String(v) } });
      out.push({ ...base, label: `query.${key} repeated`, query: { ...base.query, [key]: ['a', 'b'] } });
    }
    for (const key of js.required ?? []) {
      const { [key]: _gone, ...rest } = base.query;
      out.push({ ...base, label: `query.${key} missing`, query: rest });
    }
    if (js.additionalProperties === false) {
      out.push({ ...base, label: 'query extra key', query: { ...base.query, unexpected: '1' } });
      out.push({ ...base, label: 'query __proto__', query: { ...base.query, ['__proto__']: 'x' } });
    }
    return out;
  }
  const bodyBase = base.body.kind === 'json' ? base.body.value : {};
  return bodyMutants(jsonSchemaOf(def.body!), bodyBase, rng).map((m) => ({
    ...base,
    label: m.label,
    body: m.absent ? { kind: 'none' } : m.raw !== undefined ? { kind: 'raw', text: m.raw } : { kind: 'json', value: m.json },
  }));
}

function encodeQuery(q: Query): string {
  const pairs = Object.keys(q).flatMap((k) => {
    const v = q[k]!;
    return (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`);
  });
  return pairs.length ? `?${pairs.join('&')}` : '';
}

export function urlFor(def: RouteDef, params: Record<string, string>, query: Query = {}): string {
  const path = def.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  return API_PREFIX + path + encodeQuery(query);
}

/** The inject options of a case, with the caller's headers. */
export function toInject(def: RouteDef, c: Case, headers: Record<string, string>): InjectOptions {
  const opts: InjectOptions = { method: def.method, url: urlFor(def, c.params, c.query), headers: { ...headers } };
  // Money-moving routes need an Idempotency-Key; a fresh one per request lets a valid case reach the handler.
  if (def.method !== 'GET') opts.headers = { 'idempotency-key': randomUUID(), ...opts.headers };
  if (c.body.kind !== 'none') {
    opts.headers = { ...opts.headers, 'content-type': 'application/json' };
    opts.payload = c.body.kind === 'raw' ? c.body.text : JSON.stringify(c.body.value);
  }
  return opts;
}

/** Runs tasks a few at a time: enough overlap to exercise concurrency, bounded for a 2-core machine. */
export async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}
