import type { z } from 'zod';
import type { PermissionKey } from '../auth/permissions.js';

/**
 * Who may call a route. Every /api/v1 route declares one; the server refuses to start otherwise.
 * - public: anyone, signed in or not
 * - authenticated: any signed-in user, with or without an organization
 * - permission: a signed-in user holding the permission (and, with superAdminOnly, the super_admin role; with
 *   adminOnly, an effective role ranked admin or higher)
 */
export type Access =
  { public: true } | { authenticated: true } | { permission: PermissionKey; superAdminOnly?: boolean; adminOnly?: boolean };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  M extends HttpMethod = HttpMethod,
  Path extends string = string,
> {
  method: M;
  /** Path below /api/v1, with :params. */
  path: Path;
  summary: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the success body. */
  response: R;
  /** Success status, default 200. */
  status?: 200 | 201 | 202 | 204;
  /** false for small fixed answers (health, config): they skip the response-compression hook. */
  compress?: false;
}

/**
 * A route definition. The method and path keep their literal types (`'GET'`, `'/languages/:id'`) so the
 * zod-free route references (`common/route-refs.ts`) and the web client are checked against them.
 */
export function defineRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  M extends HttpMethod,
  Path extends string,
>(def: RouteDef<P, Q, B, R, M, Path>): RouteDef<P, Q, B, R, M, Path> {
  return def;
}
