import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import WebSocket from 'ws';
import { createOrg, createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { orgBucketIds } from './storage.access.js';

/** The real server listening on a port, with its own blob folder, and supabase-js clients for it. */
export interface StorageEnv {
  t: TestContext;
  url: string;
  dataDir: string;
  service: SupabaseClient;
  anon: SupabaseClient;
  close(): Promise<void>;
}

export const client = (url: string, key: string): SupabaseClient =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; realtime is not used here, but the client builds it eagerly.
    realtime: { transport: WebSocket as never },
  });

export async function startStorageApp(): Promise<StorageEnv> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  const t = await createTestApp({ dataDir });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    url,
    dataDir,
    service: client(url, t.app.ctx.keys.service),
    anon: client(url, t.app.ctx.keys.anon),
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Member {
  sb: SupabaseClient;
  userId: string;
  orgId: string;
  slug: string;
  buckets: { documents: string; public: string };
}

/** A member of an organization (a new one unless given) signed in through /auth/v1/token with supabase-js. */
export async function signedInMember(env: StorageEnv, role: string, org?: { id: string; slug: string }): Promise<Member> {
  const o = org ?? (await createOrg(env.t.app));
  const user = await createUser(env.t.app, { orgId: o.id, role });
  const sb = client(env.url, env.t.app.ctx.keys.anon);
  const { error } = await sb.auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD });
  if (error) throw error;
  return { sb, userId: user.id, orgId: o.id, slug: o.slug, buckets: orgBucketIds(o.slug) };
}

export const png = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
export const jpeg = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .jpeg()
    .toBuffer();

/** A minimal, well-formed PDF (one empty page). */
export function pdf(extra = ''): Buffer {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R ${extra} >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(body, 'latin1');
}

/** A request with the path sent exactly as written (fetch would resolve "..", "%2e%2e" and "//"). */
export function rawRequest(
  url: string,
  o: { method: string; path: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean },
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const headers = { ...o.headers, ...(o.body && !o.chunked ? { 'content-length': String(o.body.length) } : {}) };
    const req = http.request({ host: hostname, port, method: o.method, path: o.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> | null = null;
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    if (o.body && o.chunked) {
      // Without Content-Length the server only learns the size by counting.
      for (let i = 0; i < o.body.length; i += 512) req.write(o.body.subarray(i, i + 512));
      req.end();
    } else req.end(o.body);
  });
}

export async function accessToken(m: Member): Promise<string> {
  return (await m.sb.auth.getSession()).data.session!.access_token;
}
