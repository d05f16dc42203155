import { assetsRoutes, languagesRoutes } from '@market/contracts/plain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl } from './api';

vi.mock('./supabase', () => ({ auth: () => ({ getSession: async () => ({ data: { session: { access_token: 'tok' } } }) }) }));

const answer = (status: number, body: unknown) => new Response(body === null ? null : JSON.stringify(body), { status });

describe('apiUrl', () => {
  it('fills the path parameters (encoded) and leaves empty query values out', () => {
    expect(apiUrl('/vendors/:id/documents/:docId', { id: 'a/b', docId: 'c' }, { q: 'x y', status: '', page: 2, none: undefined })).toBe(
      '/api/v1/vendors/a%2Fb/documents/c?q=x+y&page=2',
    );
    expect(apiUrl('/languages')).toBe('/api/v1/languages');
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the referenced route's method and path with the caller's token, and returns the answer", async () => {
    const fetch = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    const id = '00000000-0000-4000-8000-000000000000';
    await expect(api(languagesRoutes.updateLanguage, { params: { id }, body: { name: 'x', expectedUpdatedAt: 'v1' } })).resolves.toEqual({
      ok: true,
    });
    expect(fetch).toHaveBeenCalledWith(`/api/v1/languages/${id}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', expectedUpdatedAt: 'v1' }),
      signal: undefined,
    });
  });

  it('turns an error answer into an ApiError with its fields', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(422, { error: { code: 'validation_failed', message: 'm', fields: [{ field: 'folder', message: 'bad' }] } }),
    );
    const failure = await api(assetsRoutes.listAssets, { query: { folder: '..' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, code: 'validation_failed', fields: [{ field: 'folder', message: 'bad' }] });
  });
});
