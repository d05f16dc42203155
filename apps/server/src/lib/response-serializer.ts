import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Schema = z.core.$ZodType;

/**
 * Schema kinds whose answer differs by direction: encoding runs a codec backwards, leaves a default unfilled, and
 * refuses a one-way transform, where a parse would run them forwards.
 */
const DIRECTIONAL = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'success', 'promise', 'function']);

/**
 * True when encoding `schema` and parsing it give the same answer for every value: no node below it is directional or
 * coercing. Lazy schemas are followed once each, so recursive schemas end.
 */
export function isDirectionless(schema: Schema, seen = new Set<Schema>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; coerce?: boolean; getter?: () => Schema };
  if (DIRECTIONAL.has(def.type) || def.coerce === true) return false;
  if (def.type === 'lazy' && def.getter) return isDirectionless(def.getter(), seen);
  for (const [key, value] of Object.entries(def)) {
    if (key === 'checks') continue;
    for (const child of childrenOf(value)) if (!isDirectionless(child, seen)) return false;
  }
  return true;
}

function childrenOf(value: unknown): Schema[] {
  if (value instanceof z.core.$ZodType) return [value];
  if (Array.isArray(value)) return value.filter((v): v is Schema => v instanceof z.core.$ZodType);
  // An object's shape: its fields' schemas.
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).filter((v): v is Schema => v instanceof z.core.$ZodType);
  return [];
}

/**
 * Fastify's response serializer for the contracts' zod schemas: every answer is checked against its schema before it
 * is written, and a mismatch is a ResponseSerializationError (a 500 naming the route), as with fastify-type-provider-
 * zod's own compiler. That one encodes (runs the schema backwards), which for most schemas costs a second pass of
 * every check and skips zod's compiled object parser: about 7 µs of a 35 µs health answer in the production server
 * (decision 015). A schema with nothing directional in it is parsed instead, which gives the same answer; the others
 * are still encoded.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = ({ schema: maybeSchema, method, url }) => {
  const schema = (maybeSchema instanceof z.core.$ZodType ? maybeSchema : (maybeSchema as { properties?: unknown }).properties) as Schema;
  if (!(schema instanceof z.core.$ZodType)) throw new Error(`${method} ${url}: the response schema is not a zod schema`);
  const forward = isDirectionless(schema);
  return (data: unknown) => {
    const result = forward ? z.safeParse(schema, data) : z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
