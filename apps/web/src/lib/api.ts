import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef, RouteRef } from '@market/contracts/plain';
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

/**
 * What a call to a route sends, typed from its definition: `params` when the path has parameters,
 * `query` (required only when some query field is), `body` when the route takes one. A part the route
 * does not declare cannot be passed.
 */
export type RequestOf<R> = ([ParamsOf<R>] extends [undefined] ? { params?: never } : { params: ParamsOf<R> }) &
  ([QueryOf<R>] extends [undefined] ? { query?: never } : object extends QueryOf<R> ? { query?: QueryOf<R> } : { query: QueryOf<R> }) &
  ([BodyOf<R>] extends [undefined] ? { body?: never } : undefined extends BodyOf<R> ? { body?: BodyOf<R> } : { body: BodyOf<R> }) & {
    signal?: AbortSignal;
    /** Extra request headers, e.g. the `Idempotency-Key` of a money-moving request. */
    headers?: Record<string, string>;
  };
/** The input argument may be left out when nothing in it is required. */
type Args<I> = object extends I ? [input?: I] : [input: I];

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

/** `/api/v1` + the route's path with its parameters filled in + the query string (empty values left out). */
export function apiUrl(path: string, params?: object, query?: object): string {
  let url = path;
  for (const [k, v] of Object.entries(params ?? {})) url = url.replace(`:${k}`, encodeURIComponent(String(v)));
  const qs = new URLSearchParams(
    Object.entries(query ?? {})
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return `/api/v1${url}${qs ? `?${qs}` : ''}`;
}

type Upload = { params?: object; query?: object; signal?: AbortSignal };

/**
 * Posts one file (multipart field "file") to an upload route with XMLHttpRequest, which reports upload
 * progress (fetch does not); onProgress gets the share sent, 0..1.
 */
export function uploadFile<D extends RouteDef>(
  route: RouteRef<D> & { method: 'POST' },
  file: File,
  onProgress: (share: number) => void,
  input?: Pick<RequestOf<D>, 'params' | 'query' | 'signal'>,
): Promise<ResponseOf<D>>;
export async function uploadFile(route: RouteRef, file: File, onProgress: (share: number) => void, options: Upload = {}): Promise<unknown> {
  const url = apiUrl(route.path, options.params, options.query);
  const headers = await authHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json);
      else reject(apiErrorOf(xhr.status, json));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Calls an /api/v1 route named by its zod-free reference: `api(languagesRoutes.listLanguages, { query })`.
 * The method and path come from the reference; params, query, body and the answer are typed from the
 * route's definition (a type-only import, so no schema code reaches the bundle).
 */
export function api<D extends RouteDef>(route: RouteRef<D>, ...input: Args<RequestOf<D>>): Promise<ResponseOf<D>>;
export async function api(
  route: Pick<RouteDef, 'method' | 'path'>,
  input: { params?: object; query?: object; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const headers = { ...input.headers, ...(await authHeaders()) };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(apiUrl(route.path, input.params, input.query), {
    method: route.method,
    headers,
    body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
    signal: input.signal,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw apiErrorOf(res.status, json);
  return json;
}
