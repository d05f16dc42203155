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

/** The caller's bearer header (none when signed out). */
export async function authHeaders(): Promise<Record<string, string>> {
  const { data } = await auth().getSession();
  return data.session ? { authorization: `Bearer ${data.session.access_token}` } : {};
}

/** The ApiError of a failed answer's JSON body (`{ error: { code, message, fields } }`). */
export function apiErrorOf(status: number, json: unknown): ApiError {
  const e = (json as { error?: { code?: string; message?: string; fields?: FieldError[] } } | null)?.error ?? {};
  return new ApiError(status, e.code ?? 'internal', e.message ?? `HTTP ${status}`, e.fields ?? []);
}

/**
 * Posts one file (multipart field "file") to an /api/v1 path with XMLHttpRequest, which reports upload
 * progress (fetch does not); onProgress gets the share sent, 0..1.
 */
export async function uploadFile<T>(path: string, file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<T> {
  const headers = await authHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1${path}`);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as T);
      else reject(apiErrorOf(xhr.status, json));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'aborted'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Calls an /api/v1 route. The route type comes from the contract (type-only import, so no schema
 * code reaches the bundle); the method and path are passed as written in the contract.
 */
export async function api<D extends RouteDef>(route: Pick<D, 'method' | 'path'>, input: Input<D> = {}): Promise<z.infer<D['response']>> {
  let path = route.path;
  for (const [k, v] of Object.entries((input.params ?? {}) as Record<string, string>)) path = path.replace(`:${k}`, encodeURIComponent(v));
  const qs = input.query
    ? new URLSearchParams(Object.entries(input.query as Record<string, string>).filter(([, v]) => v !== undefined && v !== '')).toString()
    : '';
  const headers = await authHeaders();
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/v1${path}${qs ? `?${qs}` : ''}`, {
    method: route.method,
    headers,
    body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw apiErrorOf(res.status, json);
  return json;
}
