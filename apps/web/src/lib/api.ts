import type { RouteDef } from '@market/contracts';
import type { z } from 'zod';
import { auth } from './supabase';

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

type In<T> = [NonNullable<T>] extends [z.ZodType] ? z.input<NonNullable<T>> : never;
type Input<D extends RouteDef> = { params?: In<D['params']>; query?: In<D['query']>; body?: In<D['body']> };

/**
 * Calls an /api/v1 route. The route type comes from the contract (type-only import, so no schema
 * code reaches the bundle); the method and path are passed as written in the contract.
 */
export async function api<D extends RouteDef>(
  route: Pick<D, 'method' | 'path'>,
  input: Input<D> = {},
): Promise<z.infer<D['response']>> {
  let path = route.path;
  for (const [k, v] of Object.entries((input.params ?? {}) as Record<string, string>)) path = path.replace(`:${k}`, encodeURIComponent(v));
  const qs = input.query ? new URLSearchParams(Object.entries(input.query as Record<string, string>).filter(([, v]) => v !== undefined && v !== '')).toString() : '';
  const { data } = await auth().getSession();
  const headers: Record<string, string> = {};
  if (data.session) headers.authorization = `Bearer ${data.session.access_token}`;
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/v1${path}${qs ? `?${qs}` : ''}`, {
    method: route.method,
    headers,
    body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const e = json?.error ?? {};
    throw new ApiError(res.status, e.code ?? 'internal', e.message ?? `HTTP ${res.status}`, e.fields ?? []);
  }
  return json;
}
