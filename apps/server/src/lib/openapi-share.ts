/*
 * The contracts' schemas are written inline by the zod transform, so a product's shape appears once in every route
 * that reads or writes it. This moves each schema that occurs more than once (and is big enough to matter) into
 * `components.schemas` and points every occurrence at it with `$ref`, which the reference page renders once and
 * the browser parses once (decision 026).
 */

type Json = unknown;
type Obj = Record<string, Json>;

/** Schemas shorter than this (as JSON) stay inline: a `$ref` would save little and hide a simple shape. */
const MIN_LENGTH = 400;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The child positions of a JSON Schema that hold schemas themselves (not maps of names, not values). */
function childSchemas(schema: Obj, visit: (child: Json, key: string, replace: (v: Json) => void) => void): void {
  for (const key of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else']) {
    if (isObj(schema[key])) visit(schema[key], key, (v) => (schema[key] = v));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((item, i) => isObj(item) && visit(item, `${key}${i}`, (v) => (list[i] = v)));
  }
  for (const key of ['properties', 'patternProperties']) {
    const map = schema[key];
    if (isObj(map)) for (const [name, s] of Object.entries(map)) if (isObj(s)) visit(s, name, (v) => (map[name] = v));
  }
}

/** A schema that refers to parts of itself (`#/$defs/…`, `#`) keeps its shape: moving a part would break the pointer. */
const selfReferring = (schema: Obj): boolean => /"\$ref":"#(\/\$defs|\/definitions|")/.test(JSON.stringify(schema));

/** Every schema root of the document's operations: request bodies and responses. */
function rootSchemas(doc: Obj, each: (schema: Obj, name: string, replace: (v: Json) => void) => void): void {
  const visit = (schema: Obj, name: string, replace: (v: Json) => void) => {
    if (!selfReferring(schema)) each(schema, name, replace);
  };
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObj(item)) continue;
    for (const op of Object.values(item)) {
      if (!isObj(op)) continue;
      const id = typeof op.operationId === 'string' ? op.operationId : 'operation';
      const body = isObj(op.requestBody) && isObj(op.requestBody.content) ? op.requestBody.content : {};
      for (const media of Object.values(body))
        if (isObj(media) && isObj(media.schema)) visit(media.schema, `${id}.body`, (v) => (media.schema = v));
      const responses = isObj(op.responses) ? op.responses : {};
      for (const [status, r] of Object.entries(responses)) {
        if (!isObj(r) || !isObj(r.content)) continue;
        for (const media of Object.values(r.content))
          if (isObj(media) && isObj(media.schema)) visit(media.schema, `${id}.${status}`, (v) => (media.schema = v));
      }
    }
  }
}

/** A component name OpenAPI accepts (`^[a-zA-Z0-9._-]+$`), unique in the document. */
function uniqueName(base: string, taken: Set<string>): string {
  const clean = base.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 120) || 'Schema';
  let name = clean;
  for (let i = 2; taken.has(name); i++) name = `${clean}_${i}`;
  taken.add(name);
  return name;
}

/** Moves repeated schemas of the document's operations into components.schemas; returns how many it made. */
export function shareRepeatedSchemas(doc: Obj): number {
  // First pass: how often each schema occurs (by its JSON), wherever it is.
  const counts = new Map<string, number>();
  const count = (schema: Obj): void => {
    const json = JSON.stringify(schema);
    if (json.length >= MIN_LENGTH) counts.set(json, (counts.get(json) ?? 0) + 1);
    childSchemas(schema, (child) => isObj(child) && count(child));
  };
  rootSchemas(doc, (schema) => count(schema));

  // Second pass, from the roots down: a repeated schema becomes a component (its own insides shared in turn).
  const components = (isObj(doc.components) ? doc.components : (doc.components = {})) as Obj;
  const schemas = (isObj(components.schemas) ? components.schemas : (components.schemas = {})) as Obj;
  const taken = new Set(Object.keys(schemas));
  const named = new Map<string, string>();
  const share = (schema: Obj, name: string, replace: (v: Json) => void): void => {
    const json = JSON.stringify(schema);
    if ((counts.get(json) ?? 0) > 1) {
      let ref = named.get(json);
      if (!ref) {
        ref = uniqueName(name, taken);
        named.set(json, ref);
        const body = structuredClone(schema);
        schemas[ref] = body;
        childSchemas(body, (child, key, put) => isObj(child) && share(child, `${ref}.${key}`, put));
      }
      replace({ $ref: `#/components/schemas/${ref}` });
      return;
    }
    childSchemas(schema, (child, key, put) => isObj(child) && share(child, `${name}.${key}`, put));
  };
  rootSchemas(doc, share);
  return named.size;
}
