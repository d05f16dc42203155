import { apiErrorOf, apiUrl, authHeaders } from '../../lib/api';

/** What the script in index.html sent before the app loaded: answers by address, with the token they carry. */
interface EarlyRequests {
  at: number;
  authorization: string | null;
  requests: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __MARKET_EARLY__?: EarlyRequests;
  }
}

/** Answers older than this are not used (the page opened long ago): the app asks again. */
export const EARLY_ANSWER_TTL_MS = 30_000;

/**
 * The JSON of GET `/api/v1${path}` (with `query`), taken from the request index.html sent early when there is
 * one for the same address and the same token; otherwise `fetchAgain()`. Each early answer is used once.
 * A failed answer throws the same ApiError as `api()`; a network failure asks again.
 */
export async function earlyOr<T>(path: string, query: object | undefined, fetchAgain: () => Promise<T>): Promise<T> {
  const early = window.__MARKET_EARLY__;
  const url = apiUrl(path, undefined, query);
  const pending = early?.requests[url];
  if (!early || !pending) return fetchAgain();
  delete early.requests[url];
  if (Date.now() - early.at > EARLY_ANSWER_TTL_MS) return fetchAgain();
  const { authorization } = await authHeaders();
  if ((authorization ?? null) !== early.authorization) return fetchAgain();
  let res: Response;
  try {
    res = await pending;
  } catch {
    return fetchAgain();
  }
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw apiErrorOf(res.status, json);
  return json as T;
}
