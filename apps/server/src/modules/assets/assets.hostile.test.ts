import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../db/schema/index.js';
import { driver } from '../../../test/harness.js';
import { bearer } from '../../../test/factories.js';
import { hostileCorpus, svg } from '../storage/storage.hostile-corpus.js';
import { accessToken, signedInMember, startStorageApp, type Member, type StorageEnv } from '../storage/storage.test-support.js';
import { multipart } from './assets.test-support.js';

/** R12 through the asset library: the same hostile corpus as storage, sent as a browser would (multipart). */
let env: StorageEnv;
let m: Member;

beforeAll(async () => {
  env = await startStorageApp();
  m = await signedInMember(env, 'marketing');
});
afterAll(async () => env?.close());

describe(`hostile uploads through the asset routes (R12, ${driver})`, () => {
  it('refuses or re-encodes every hostile file; none is accepted as sent, none keeps EXIF, all are served with nosniff', async () => {
    const h = bearer(await accessToken(m));
    const cases = [
      ...(await hostileCorpus()),
      { label: 'SVG declared as PNG in the form', path: 'h/form.png', body: Buffer.from(svg), type: 'image/png', refuse: 415 as const },
    ];
    let asIs = 0;
    let refused = 0;
    let reencoded = 0;
    for (const c of cases) {
      const name = c.path.split('/').pop()!;
      const form = multipart(c.body, name, c.type);
      for (const url of ['/api/v1/assets/upload?folder=hostile', '/api/v1/products/media']) {
        const res = await env.t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...h, ...form.headers } });
        expect(res.statusCode, `${c.label} ${url}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          refused++;
          // The error names the file field, in the API's envelope.
          expect(res.json().error.fields?.[0]?.field, c.label).toBe('file');
          if (c.refuse && c.refuse !== 400) expect(res.statusCode, c.label).toBe(c.refuse);
          continue;
        }
        // Only images get through, and only re-encoded (a name with a direction override is cleaned, not kept).
        expect(c.neutralise || c.refuse === 400, `${c.label} was accepted`).toBe(true);
        const id = res.json().id as string;
        const [row] = await env.t.app.ctx.db.select().from(assets).where(eq(assets.id, id));
        const served = await fetch(
          `${env.url}/storage/v1/object/public/${row!.bucketId}/${row!.path.split('/').map(encodeURIComponent).join('/')}`,
        );
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect(served.headers.get('content-type')).toBe(row!.mimeType);
        const stored = Buffer.from(await served.arrayBuffer());
        // As sent = the same bytes under the same name (a harmless PNG behind a disguised name comes back renamed).
        if (stored.equals(c.body) && row!.fileName === name) asIs++;
        else reencoded++;
        expect(row!.fileName).not.toMatch(/[\u202a-\u202e]/);
        expect(stored.includes('<script>'), c.label).toBe(false);
        expect(stored.includes('secret-gps'), c.label).toBe(false);
        expect((await sharp(stored).metadata()).exif, c.label).toBeUndefined();
      }
    }
    expect(asIs).toBe(0);
    expect(reencoded).toBe(cases.filter((c) => c.neutralise || c.refuse === 400).length * 2);
    expect(await readdir(path.join(env.dataDir, 'storage', '.staging'))).toEqual([]);
    console.log(
      `R12 asset uploads: ${cases.length * 2} hostile uploads (${cases.length} files x 2 routes), ${refused} refused, ${reencoded} re-encoded, ${asIs} accepted as sent`,
    );
  });
});
