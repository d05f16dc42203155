import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { loadPublicConfig } from '../../lib/config';
import { storeSession } from '../../test/stored-session';
import { EARLY_ANSWER_TTL_MS, earlyOr } from './early-requests';

// The token of the session each test stores (the real auth client reads it, as in the browser).
const token = 'header.payload.signature';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function early(authorization: string | null, requests: Record<string, Promise<Response>>, at = Date.now()) {
  window.__MARKET_EARLY__ = { at, authorization, requests };
}

beforeEach(async () => {
  window.__MARKET_EARLY__ = undefined;
  (window as { __MARKET_CONFIG__?: unknown }).__MARKET_CONFIG__ = {
    version: 'test',
    anonKey: 'anon',
    vendorHost: null,
    publicUrl: 'http://localhost',
    map: { tileUrl: '', attribution: '' },
  };
  await loadPublicConfig();
  storeSession({ accessToken: token });
});

describe('earlyOr', () => {
  it("uses the answer index.html asked for with the caller's own token, once", async () => {
    early(`Bearer ${token}`, { '/api/v1/translations?language=en': json([{ key: 'a', value: 'A' }]) });
    const again = vi.fn(async () => [{ key: 'a', value: 'again' }]);
    await expect(earlyOr('/translations', { language: 'en' }, again)).resolves.toEqual([{ key: 'a', value: 'A' }]);
    expect(again).not.toHaveBeenCalled();
    // A second read (a refetch) asks the server again.
    await expect(earlyOr('/translations', { language: 'en' }, again)).resolves.toEqual([{ key: 'a', value: 'again' }]);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it("does not give a signed-in member the anonymous answer (their organization's texts differ)", async () => {
    early(null, { '/api/v1/translations?language=en': json([{ key: 'a', value: 'shipped' }]) });
    const again = vi.fn(async () => [{ key: 'a', value: 'organization' }]);
    await expect(earlyOr('/translations', { language: 'en' }, again)).resolves.toEqual([{ key: 'a', value: 'organization' }]);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('matches the address with its query, and asks again for another one', async () => {
    early(`Bearer ${token}`, { '/api/v1/translations?language=ar&org=souk': json(['org']) });
    const again = vi.fn(async () => ['plain']);
    await expect(earlyOr('/translations', { language: 'ar' }, again)).resolves.toEqual(['plain']);
    await expect(earlyOr('/translations', { language: 'ar', org: 'souk' }, again)).resolves.toEqual(['org']);
  });

  it('asks again when the answers are old or the early request failed on the network', async () => {
    early(`Bearer ${token}`, { '/api/v1/me': json({ id: 'old' }) }, Date.now() - EARLY_ANSWER_TTL_MS - 1);
    await expect(earlyOr('/me', undefined, async () => ({ id: 'fresh' }))).resolves.toEqual({ id: 'fresh' });
    early(`Bearer ${token}`, { '/api/v1/me': Promise.reject(new TypeError('Failed to fetch')) });
    await expect(earlyOr('/me', undefined, async () => ({ id: 'fresh' }))).resolves.toEqual({ id: 'fresh' });
  });

  it('turns a refused early answer into the same ApiError as api() (one request, not two)', async () => {
    early(`Bearer ${token}`, { '/api/v1/me': json({ error: { code: 'mfa_required', message: 'Second factor needed' } }, 403) });
    const again = vi.fn(async () => ({}));
    const err = await earlyOr('/me', undefined, again).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, code: 'mfa_required', message: 'Second factor needed' });
    expect(again).not.toHaveBeenCalled();
  });
});
