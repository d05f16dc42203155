import * as contracts from '@market/contracts';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDirectionless, responseSerializer } from './response-serializer.js';

const serialize = (schema: z.ZodType) => responseSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' });

type Tree = { id: string; children: Tree[] };
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ id: z.string(), children: z.array(tree) }));

const item = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(20),
  price: z.number().int().nonnegative(),
  note: z.string().nullable(),
  tags: z.array(z.enum(['a', 'b'])).max(3),
  extra: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  kind: z.discriminatedUnion('type', [z.object({ type: z.literal('x'), x: z.number() }), z.object({ type: z.literal('y') })]),
});

describe('response serializer', () => {
  it('tells directional schemas (codecs, defaults, transforms, coercion) from plain ones, however deep', () => {
    for (const plain of [item, z.array(item), tree, z.tuple([z.string(), z.number()]), item.extend({ at: z.iso.datetime() })])
      expect(isDirectionless(plain)).toBe(true);
    const directional = [
      z.object({ n: z.number().default(1) }),
      z.array(z.object({ s: z.string().transform((v) => v.trim()) })),
      z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) }),
      z.union([z.string(), z.object({ n: z.coerce.number() })]),
      z.record(z.string(), z.string().catch('')),
      z.lazy(() => z.object({ deep: z.array(z.string().prefault('x')) })),
    ];
    for (const schema of directional) expect(isDirectionless(schema)).toBe(false);
  });

  it('writes what encoding would for plain schemas, and refuses what does not match, as a serialization error', () => {
    const good = {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      name: 'Honey',
      price: 1250,
      note: null,
      tags: ['a'],
      kind: { type: 'x', x: 1 },
      dropped: 'not in the schema',
    };
    const out = serialize(item)(good);
    expect(out).toBe(JSON.stringify(z.encode(item, good as z.output<typeof item>)));
    expect(JSON.parse(out)).not.toHaveProperty('dropped');
    const nested = { id: 'r', children: [{ id: 'c', children: [] }] };
    expect(serialize(tree)(nested)).toBe(JSON.stringify(nested));
    for (const bad of [
      { ...good, price: -1 },
      { ...good, tags: ['a', 'b', 'a', 'b'] },
      { ...good, kind: { type: 'z' } },
    ]) {
      let error: unknown;
      try {
        serialize(item)(bad);
      } catch (e) {
        error = e;
      }
      expect(isResponseSerializationError(error)).toBe(true);
    }
  });

  it('still encodes a schema with a codec: the value goes out in its wire form', () => {
    const at = z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() });
    expect(serialize(z.object({ at }))({ at: new Date('2026-11-29T10:00:00.000Z') })).toBe('{"at":"2026-11-29T10:00:00.000Z"}');
  });

  it('takes the parse path for every response of the contracts (a codec in one would be listed here)', () => {
    const encoded: string[] = [];
    let routes = 0;
    for (const [group, table] of Object.entries(contracts)) {
      if (!group.endsWith('Routes') || !table || typeof table !== 'object') continue;
      for (const [name, def] of Object.entries(table as Record<string, { response?: z.ZodType }>)) {
        if (!def?.response) continue;
        routes++;
        if (!isDirectionless(def.response)) encoded.push(`${group}.${name}`);
      }
    }
    expect(routes).toBeGreaterThan(300);
    expect(encoded).toEqual([]);
  });
});
