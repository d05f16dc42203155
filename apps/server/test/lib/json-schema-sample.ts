import { z } from 'zod';
import { TRICKY_CHARS, type Rng } from './prng.js';
import { sampleRegex } from './regex-sample.js';

/** The part of JSON Schema (draft 2020-12, as zod's toJSONSchema writes it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** The request-side JSON Schema of a zod schema; what cannot be represented becomes "anything". */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export type Mode = 'minimal' | 'random';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');

function typeOf(s: JsonSchema, rng: Rng): string | undefined {
  if (Array.isArray(s.type)) return rng.pick(s.type);
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

function formatted(format: string, rng: Rng): string | undefined {
  const word = () => Array.from({ length: rng.int(3, 8) }, () => rng.pick(LETTERS.slice(0, 26))).join('');
  switch (format) {
    case 'uuid':
      return rng.uuid();
    case 'email':
      return `${word()}.${rng.int(1, 9999)}@${word()}.test`;
    case 'uri':
    case 'url':
      return `https://${word()}.example.test/${word()}?q=${rng.int(0, 99)}`;
    case 'date-time':
      return new Date(Date.UTC(2020, 0, 1) + rng.int(0, 2e9) * 1000).toISOString();
    case 'date':
      return new Date(Date.UTC(2020, 0, 1) + rng.int(0, 2e9) * 1000).toISOString().slice(0, 10);
    case 'time':
      return `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00`;
    case 'ipv4':
      return `${rng.int(1, 254)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    case 'hostname':
      return `${word()}.example.test`;
    default:
      return undefined;
  }
}

/** A string of exactly `len` UTF-16 units, mixing plain letters with tricky characters (and, rarely, NUL). */
function textOfLength(len: number, rng: Rng, tricky: boolean): string {
  let out = '';
  while (out.length < len) {
    let ch = rng.pick(LETTERS);
    if (tricky && rng.bool(0.25)) ch = rng.pick(TRICKY_CHARS);
    if (tricky && rng.bool(0.01)) ch = '\u0000';
    if (out.length + ch.length > len) ch = rng.pick(LETTERS);
    out += ch;
  }
  return out;
}

function stringValue(s: JsonSchema, rng: Rng, mode: Mode): string {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 64);
  const fits = (v: string) => v.length >= min && v.length <= max;
  const fromFormat = s.format ? formatted(s.format, rng) : undefined;
  if (fromFormat !== undefined && fits(fromFormat)) return fromFormat;
  if (s.pattern) {
    for (let i = 0; i < 30; i++) {
      const v = sampleRegex(s.pattern, rng);
      if (fits(v)) return v;
    }
  }
  if (mode === 'minimal') return 'a'.repeat(Math.max(min, 1) <= max ? Math.max(min, 1) : min);
  const edge = rng.next();
  // Boundaries are where off-by-one and column-size bugs live.
  const len = edge < 0.15 ? min : edge < 0.3 && max <= 20_000 ? max : rng.int(min, Math.min(max, min + 40));
  return textOfLength(len, rng, true);
}

function numberValue(s: JsonSchema, rng: Rng, integer: boolean, mode: Mode): number {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  if (mode === 'minimal') return Math.max(lo, Math.min(hi, 0));
  const edge = rng.next();
  if (edge < 0.15) return lo;
  if (edge < 0.3) return hi;
  const v = lo + rng.next() * (hi - lo);
  return integer ? Math.max(lo, Math.min(hi, Math.round(v))) : v;
}

/** A value the schema accepts (callers confirm with the zod schema: JSON Schema cannot say everything). */
export function validValue(s: JsonSchema, rng: Rng, mode: Mode = 'random', depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return mode === 'minimal' ? s.enum[0] : rng.pick(s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const usable = mode === 'minimal' ? branches.filter((b) => b.type !== 'null') : branches;
    return validValue(mode === 'minimal' ? (usable[0] ?? branches[0]!) : rng.pick(branches), rng, mode, depth + 1);
  }
  if (s.allOf) return validValue(Object.assign({}, ...s.allOf) as JsonSchema, rng, mode, depth + 1);
  switch (typeOf(s, rng)) {
    case 'null':
      return null;
    case 'boolean':
      return mode === 'minimal' ? true : rng.bool();
    case 'integer':
      return numberValue(s, rng, true, mode);
    case 'number':
      return numberValue(s, rng, false, mode);
    case 'string':
      return stringValue(s, rng, mode);
    case 'array': {
      const min = s.minItems ?? 0;
      const n = mode === 'minimal' || depth > 4 ? min : rng.int(min, Math.min(s.maxItems ?? min + 3, min + 3));
      return Array.from({ length: n }, () => validValue(s.items ?? {}, rng, mode, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (required.has(key) || (mode === 'random' && depth < 5 && rng.bool())) out[key] = validValue(prop, rng, mode, depth + 1);
      }
      return out;
    }
    default:
      return mode === 'minimal' ? 'x' : rng.pick(['x', 1, true, null]);
  }
}

/** Values of the wrong kind for a schema: nulls, other types, out-of-range numbers, too long/short or malformed strings. */
export function wrongValues(s: JsonSchema, rng: Rng): unknown[] {
  const out: unknown[] = [null, 12345, true, 'text', [], ['a'], {}, { nested: { deeper: 1 } }, -1.5];
  const t = typeof s.type === 'string' ? s.type : undefined;
  if (s.enum) out.push('not-one-of-the-options', String(s.enum[0]).toUpperCase() + '!');
  if (s.maxLength !== undefined)
    out.push('x'.repeat(s.maxLength + 1), 'é'.repeat(s.maxLength + 1), 'x'.repeat(Math.max(200_000, s.maxLength + 1)));
  if (s.minLength) out.push('x'.repeat(s.minLength - 1));
  if (s.pattern || s.format) out.push('!!', ' ', 'not-a-valid ' + (s.format ?? 'value'), '中文😀', "' OR '1'='1");
  if (t === 'string') out.push('', '\u0000');
  if (t === 'integer' || t === 'number') {
    out.push('1', 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2);
    if (s.minimum !== undefined) out.push(s.minimum - 1);
    if (s.maximum !== undefined) out.push(s.maximum + 1);
    if (t === 'integer') out.push(1.5, 0.1);
  }
  if (t === 'boolean') out.push('true', 1, 0);
  if (s.properties) out.push(rng.pick([[{}], 'object']));
  return out;
}

export interface BodyMutant {
  label: string;
  /** A value sent as JSON, or a raw text sent as application/json. */
  json?: unknown;
  raw?: string;
  absent?: boolean;
}

/** Raw payloads a JSON parser must refuse (or, for prototype keys, a strict schema must refuse). */
export const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '[1,2',
  '{"a":"\\x"}',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(4000)}${']'.repeat(4000)}`,
];

/** Candidate invalid bodies around a valid one: whole-body swaps, missing keys, wrong values, extra keys, malformed JSON. */
export function bodyMutants(s: JsonSchema, base: unknown, rng: Rng): BodyMutant[] {
  const out: BodyMutant[] = [
    { label: 'absent body', absent: true },
    { label: 'null body', json: null },
    { label: 'array instead of object', json: [base] },
    { label: 'empty array', json: [] },
    { label: 'string body', json: 'text' },
    { label: 'number body', json: 42 },
    { label: 'boolean body', json: true },
    ...MALFORMED_JSON.map((raw) => ({ label: `malformed JSON ${JSON.stringify(raw.slice(0, 20))}`, raw })),
  ];
  if (s.properties && base && typeof base === 'object' && !Array.isArray(base)) {
    const obj = base as Record<string, unknown>;
    if ((s.required ?? []).length) out.push({ label: 'empty object', json: {} });
    for (const key of s.required ?? []) {
      const { [key]: _omitted, ...rest } = obj;
      out.push({ label: `missing ${key}`, json: rest });
    }
    for (const [key, prop] of Object.entries(s.properties)) {
      for (const v of wrongValues(prop, rng))
        out.push({ label: `${key} = ${JSON.stringify(v)?.slice(0, 30)}`, json: { ...obj, [key]: v } });
    }
    if (s.additionalProperties === false) {
      out.push({ label: 'extra key', json: { ...obj, unexpectedField: 'x' } });
      out.push({ label: 'extra keys', json: { ...obj, a: 1, b: [2], c: { d: null } } });
    }
  }
  return out;
}
