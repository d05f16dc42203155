import { languageSchema, SHELL_TRANSLATIONS, translationSchema } from '@market/contracts';
import { vi } from 'vitest';

/**
 * The server side of a component test: `fetch` answers /api/v1 routes from handlers, with contract-shaped
 * JSON and the error envelope. Languages and translations answer by default with the shipped dictionary of
 * `@market/contracts` (what the server seeds), so components show the real English strings.
 */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type ApiReply = { status?: number; body: unknown };
export type ApiHandler = {
  method: string;
  /** Path below /api/v1, as written in the contract (`:id` matches one segment). */
  path: string;
  reply: (call: ApiCall) => ApiReply | Promise<ApiReply>;
};

const STAMP = '2025-01-01T00:00:00.000Z';

/** GET /api/v1/languages as the server answers an anonymous reader: the shipped English and Arabic. */
export const shippedLanguages = () =>
  [
    { code: 'en', name: 'English', nativeName: 'English', isDefault: true, sortOrder: 0, textDirection: 'ltr' },
    { code: 'ar', name: 'Arabic', nativeName: 'العربية', isDefault: false, sortOrder: 1, textDirection: 'rtl' },
  ].map((l) => languageSchema.parse({ id: crypto.randomUUID(), isActive: true, shipped: true, overridden: false, updatedAt: STAMP, ...l }));

/** GET /api/v1/translations?language=<code>: the shipped rows of one language. */
export const shippedTranslations = (language: string) =>
  Object.entries(SHELL_TRANSLATIONS).flatMap(([key, entry]) => {
    const value = (entry as Record<string, string>)[language];
    return value
      ? [translationSchema.parse({ id: crypto.randomUUID(), key, language, value, shipped: true, overridden: false, updatedAt: STAMP })]
      : [];
  });

/** GET /api/v1/translations/dictionary?language=<code>: the app's runtime texts of one language, by key. */
export const shippedDictionary = (language: string) => ({
  language,
  version: `shipped-${language}`,
  texts: Object.fromEntries(shippedTranslations(language).map((r) => [r.key, r.value])),
});

const i18nHandlers: ApiHandler[] = [
  { method: 'GET', path: '/languages', reply: () => ({ body: shippedLanguages() }) },
  { method: 'GET', path: '/translations/dictionary', reply: (c) => ({ body: shippedDictionary(c.query.get('language') ?? 'en') }) },
  { method: 'GET', path: '/translations', reply: (c) => ({ body: shippedTranslations(c.query.get('language') ?? 'en') }) },
];

const matches = (pattern: string, path: string) => {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
};

/**
 * Replaces `fetch` for the test (restored by `restoreMocks`/`unstubAllGlobals`). Returns the calls made to
 * handlers and the requests nothing handled (answered 404 with the error envelope), so a test can assert both.
 */
export function stubApi(handlers: ApiHandler[] = []) {
  const calls: ApiCall[] = [];
  const unhandled: string[] = [];
  const all = [...handlers, ...i18nHandlers];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url, window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: ApiCall = { method, path, query: url.searchParams, body };
    const handler = url.pathname.startsWith('/api/v1/') ? all.find((h) => h.method === method && matches(h.path, path)) : undefined;
    if (!handler) {
      unhandled.push(`${method} ${url.pathname}${url.search}`);
      return json(404, { error: { code: 'not_found', message: `No stub for ${method} ${url.pathname}` } });
    }
    if (!i18nHandlers.includes(handler)) calls.push(call);
    const r = await handler.reply(call);
    return json(r.status ?? 200, r.body);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, unhandled, fetch: fetchStub };
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
