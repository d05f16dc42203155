import type { z } from 'zod';
import type { PermissionKey } from '../auth/permissions.js';

/**
 * Who may call a route. Every /api/v1 route declares one; the server refuses to start otherwise.
 * - public: anyone, signed in or not
 * - authenticated: any signed-in user, with or without an organization
 * - permission: a signed-in user holding the permission (and, with superAdminOnly, the super_admin role)
 */
export type Access = { public: true } | { authenticated: true } | { permission: PermissionKey; superAdminOnly?: boolean };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below /api/v1, with :params. */
  path: string;
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

export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: RouteDef<P, Q, B, R>,
): RouteDef<P, Q, B, R> {
  return def;
}
