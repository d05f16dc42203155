import type { RouteDef } from '@market/contracts';
import type { App } from '../../src/app.js';
import { API_PREFIX } from '../../src/lib/api-route.js';

export const routeKey = (def: Pick<RouteDef, 'method' | 'path'>) => `${def.method} ${def.path}`;

/** The contract routes the server really registered (collected by buildApp's onRoute hook), one per method and path. */
export function registeredContractRoutes(app: App): RouteDef[] {
  const seen = new Map<string, RouteDef>();
  for (const def of app.apiRoutes) if (!seen.has(routeKey(def))) seen.set(routeKey(def), def);
  return [...seen.values()];
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * The /api/v1 operations in the generated OpenAPI document: a second, independent list of what is
 * registered (the swagger plugin collects routes through its own hook).
 */
export function openApiOperations(app: App): string[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const ops: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith(`${API_PREFIX}/`)) continue;
    const local = path.slice(API_PREFIX.length).replace(/\{([^}]+)\}/g, ':$1');
    for (const method of Object.keys(item)) if (METHODS.has(method)) ops.push(`${method.toUpperCase()} ${local}`);
  }
  return ops.sort();
}

/** Mutating routes last, and DELETE at the very end, so earlier routes still find the rows they act on. */
export function byMethodOrder(a: RouteDef, b: RouteDef): number {
  const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return order.indexOf(a.method) - order.indexOf(b.method) || a.path.localeCompare(b.path);
}
