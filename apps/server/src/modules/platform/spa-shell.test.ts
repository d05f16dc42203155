import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { driver, freshDatabase, testConfig } from '../../../test/harness.js';
import { CONFIG_MARKER, compressedShell, withInlineConfig } from './spa-shell.js';

describe('the SPA shell', () => {
  it('puts the configuration at the marker, before the scripts that read it, else before </head>', () => {
    const marked = withInlineConfig(`<head>${CONFIG_MARKER}<script>early()</script></head>`, { a: '</script>' });
    expect(marked).toBe('<head><script>window.__MARKET_CONFIG__={"a":"\\u003c/script>"}</script><script>early()</script></head>');
    expect(withInlineConfig('<head><title>x</title></head>', { a: 1 })).toBe(
      '<head><title>x</title><script>window.__MARKET_CONFIG__={"a":1}</script></head>',
    );
  });

  it('answers with brotli, then gzip, then the text, as the browser accepts', () => {
    const html = `<html>${'<p>text</p>'.repeat(200)}</html>`;
    const body = compressedShell(html);
    const br = body('gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = body('gzip, br;q=0');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    expect(body(undefined)).toEqual({ body: html, encoding: null });
    expect(body('identity')).toEqual({ body: html, encoding: null });
  });
});

describe(`the SPA shell as served (${driver})`, () => {
  let app: App;
  let dispose: () => Promise<void>;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'spa-shell-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head>${CONFIG_MARKER}<script>early()</script></head><body></body></html>`,
    );
    const database = await freshDatabase();
    app = await buildApp({ config: testConfig(), database, webDist: dist });
    await app.ready();
    dispose = async () => {
      await app.close();
      await database.dispose();
    };
  });
  afterAll(async () => {
    await dispose?.();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends every page the compressed shell with the configuration first, revalidated, with its policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toMatch(
      /^<!doctype html><html><head><script>window\.__MARKET_CONFIG__=\{[^<]*"anonKey":"[^"]+"[^<]*\}<\/script><script>early\(\)<\/script>/,
    );
    const plain = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });
});
