import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, driver, type TestContext } from '../harness.js';
import { CALLER_NAMES, createStorageWorld, pdfBytes, pngBytes, storagePut, type StorageWorld } from '../lib/storage-world.js';

/**
 * S1: every storage verb x every place (bucket and path prefix) x every kind of caller, compared with
 * one written table of who may read and write each place (docs/decisions/004-storage.md).
 */

type Place = 'ownVendorFolder' | 'otherVendorFolder' | 'applicantUploads' | 'assetLibrary' | 'sitePlans' | 'extraBucket';

// ------------------------------------------------------------------ the expectation table
const VENDOR_STAFF = ['super_admin', 'vendor_manager', 'vendor_manager_plus'];
const ASSETS = ['super_admin', 'marketing', 'operation_manager', 'vendor_manager_plus', 'member without role'];
const VENDOR_ACCOUNTS = ['market_vendor', 'junior_vendor', 'normal_vendor'];

/** Who may read and who may write each place; the service key may everything. Callers not named are refused. */
const MAY: Record<Place, { read: string[]; write: string[] }> = {
  ownVendorFolder: { read: [...VENDOR_STAFF, ...VENDOR_ACCOUNTS], write: VENDOR_STAFF },
  otherVendorFolder: { read: VENDOR_STAFF, write: VENDOR_STAFF },
  applicantUploads: { read: VENDOR_STAFF, write: VENDOR_STAFF },
  assetLibrary: { read: ASSETS, write: ASSETS },
  sitePlans: { read: [...ASSETS, 'vendor_manager'], write: ['super_admin'] },
  extraBucket: { read: ['super_admin'], write: ['super_admin'] },
};
/** Bucket administration (create, change, empty, delete a bucket). */
const BUCKET_ADMINS = ['super_admin', 'service key'];
// ------------------------------------------------------------------

const SIGNED_OUT = new Set(['anonymous', 'anon key']);
const FOREIGN = 'super admin of another org';

const may = (caller: string, place: Place, verb: 'read' | 'write') => caller === 'service key' || MAY[place][verb].includes(caller);
/** How a refusal looks: 401 signed out, 404 for another organization's bucket, 403 otherwise. */
const refusal = (caller: string) => (SIGNED_OUT.has(caller) ? '401' : caller === FOREIGN ? '404' : '403');

let t: TestContext;
let dir: string;
let w: StorageWorld;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storage-matrix-'));
  t = await createTestApp({ dataDir: dir });
  w = await createStorageWorld(t.app);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`S1 storage matrix (${driver})`, { timeout: 300_000 }, () => {
  it('walks every storage verb for every place and caller and finds the written outcome', async () => {
    const png = await pngBytes();
    const places: Record<
      Place,
      { bucket: string; key: string; folder: string; body: Buffer; type: string; ext: string; isPublic: boolean }
    > = {} as never;
    const add = (p: Place, bucket: string, key: string, isPublic: boolean) => {
      const image = key.endsWith('.png');
      places[p] = {
        bucket,
        key,
        folder: key.slice(0, key.lastIndexOf('/')),
        body: image ? png : pdfBytes(),
        type: image ? 'image/png' : 'application/pdf',
        ext: image ? 'png' : 'pdf',
        isPublic,
      };
    };
    add('ownVendorFolder', w.buckets.documents, w.paths.ownDoc, false);
    add('otherVendorFolder', w.buckets.documents, w.paths.otherDoc, false);
    add('applicantUploads', w.buckets.documents, w.paths.applicantUpload, false);
    add('assetLibrary', w.buckets.public, w.paths.libraryImage, true);
    add('sitePlans', w.buckets.public, w.paths.sitePlan, true);
    add('extraBucket', w.buckets.extra, w.paths.extraFile, false);

    const service = w.callers['service key']!;
    const inject = (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url: `/storage/v1${url}`, headers, ...(payload ? { payload } : {}) });
    const seed = async (bucket: string, key: string, body: Buffer, type: string) => {
      const r = await storagePut(t.app, service, bucket, key, body, type);
      if (r.statusCode !== 200) throw new Error(`seed ${bucket}/${key}: ${r.statusCode} ${r.body}`);
    };
    const status = (r: { statusCode: number }) => (r.statusCode >= 200 && r.statusCode < 300 ? 'ok' : String(r.statusCode));

    const mismatches: string[] = [];
    const outcomes = new Set<string>();
    let checks = 0;
    const expectOutcome = (label: string, got: string, want: string) => {
      checks++;
      outcomes.add(want);
      if (got !== want) mismatches.push(`${label}: expected ${want}, got ${got}`);
    };

    for (const [i, caller] of CALLER_NAMES.entries()) {
      const h = w.callers[caller]!;
      const tag = `c${i}`;
      for (const [place, p] of Object.entries(places) as [Place, (typeof places)[Place]][]) {
        const read = may(caller, place, 'read') ? 'ok' : refusal(caller);
        const write = may(caller, place, 'write') ? 'ok' : refusal(caller);
        const moveOut = may(caller, place, 'read') && may(caller, place, 'write') ? 'ok' : refusal(caller);
        const at = (verb: string) => `${verb} ${place} as ${caller}`;
        const scratch = (n: string) => `${p.folder}/${tag}-${n}.${p.ext}`;
        for (const n of ['upsert', 'remove', 'remove-many', 'move']) await seed(p.bucket, scratch(n), p.body, p.type);

        // Reads of the seeded object, by each download route and the other read verbs.
        for (const route of ['/object', '/object/authenticated', '/object/info', '/object/info/authenticated']) {
          expectOutcome(at(`GET ${route}`), status(await inject('GET', `${route}/${p.bucket}/${p.key}`, h)), read);
        }
        expectOutcome(at('HEAD /object (exists)'), status(await inject('HEAD', `/object/${p.bucket}/${p.key}`, h)), read);
        expectOutcome(
          at('HEAD /object/authenticated'),
          status(await inject('HEAD', `/object/authenticated/${p.bucket}/${p.key}`, h)),
          read,
        );
        // The public routes need no caller: a public bucket's objects for anyone, a private one's for nobody.
        const pub = p.isPublic ? 'ok' : '404';
        expectOutcome(at('GET /object/public'), status(await inject('GET', `/object/public/${p.bucket}/${p.key}`, h)), pub);
        expectOutcome(at('HEAD /object/public'), status(await inject('HEAD', `/object/public/${p.bucket}/${p.key}`, h)), pub);
        expectOutcome(at('GET /object/info/public'), status(await inject('GET', `/object/info/public/${p.bucket}/${p.key}`, h)), pub);
        expectOutcome(at('list'), status(await inject('POST', `/object/list/${p.bucket}`, h, { prefix: p.folder })), read);

        const sign = await inject('POST', `/object/sign/${p.bucket}/${p.key}`, h, { expiresIn: 60 });
        expectOutcome(at('sign'), status(sign), read);
        if (sign.statusCode === 200) {
          const url = sign.json().signedURL as string;
          expectOutcome(at('GET signed URL'), status(await inject('GET', url, {})), 'ok');
          expectOutcome(at('HEAD signed URL'), status(await inject('HEAD', url, {})), 'ok');
          expectOutcome(at('signed URL of another object'), status(await inject('GET', url.replace(p.key, scratch('upsert')), {})), '400');
        }
        // Signing several: a path the caller may not read gets no URL, like a missing one.
        const many = await inject('POST', `/object/sign/${p.bucket}`, h, { expiresIn: 60, paths: [p.key] });
        const manyGot = many.statusCode === 200 ? (many.json()[0].signedURL ? 'ok' : 'no-url') : String(many.statusCode);
        const seesBucket =
          caller === 'service key' || (Object.keys(places) as Place[]).some((q) => places[q].bucket === p.bucket && may(caller, q, 'read'));
        expectOutcome(at('sign many'), manyGot, read === 'ok' ? 'ok' : seesBucket ? 'no-url' : refusal(caller));

        // Writes: a new object, an overwrite, removals, a move and a copy within the place.
        expectOutcome(at('upload POST'), status(await storagePut(t.app, h, p.bucket, scratch('new'), p.body, p.type)), write);
        expectOutcome(at('upsert PUT'), status(await storagePut(t.app, h, p.bucket, scratch('upsert'), p.body, p.type, 'PUT')), write);
        expectOutcome(at('remove one'), status(await inject('DELETE', `/object/${p.bucket}/${scratch('remove')}`, h)), write);
        expectOutcome(
          at('remove many'),
          status(await inject('DELETE', `/object/${p.bucket}`, h, { prefixes: [scratch('remove-many')] })),
          write,
        );
        const within = (sourceKey: string, n: string) => ({ bucketId: p.bucket, sourceKey, destinationKey: scratch(n) });
        expectOutcome(at('move'), status(await inject('POST', '/object/move', h, within(scratch('move'), 'moved'))), moveOut);
        expectOutcome(
          at('copy'),
          status(await inject('POST', '/object/copy', h, within(p.key, 'copied'))),
          read === 'ok' && write === 'ok' ? 'ok' : refusal(caller),
        );

        // Signed upload URLs: creating one is the write; using it needs no session.
        const signUp = await inject('POST', `/object/upload/sign/${p.bucket}/${scratch('signed')}`, h);
        expectOutcome(at('create signed upload URL'), status(signUp), write);
        if (signUp.statusCode === 200) {
          const { url } = signUp.json() as { url: string };
          const use = await t.app.inject({ method: 'PUT', url: `/storage/v1${url}`, headers: { 'content-type': p.type }, payload: p.body });
          expectOutcome(at('use signed upload URL'), status(use), 'ok');
          const elsewhere = url.replace(scratch('signed'), scratch('elsewhere'));
          const misuse = await t.app.inject({
            method: 'PUT',
            url: `/storage/v1${elsewhere}`,
            headers: { 'content-type': p.type },
            payload: p.body,
          });
          expectOutcome(at('signed upload URL on another path'), status(misuse), '400');
        }
      }

      // Both ends of a move or copy between places.
      const cross: [string, Place, Place, 'copy' | 'move'][] = [
        ['copy applicant upload into the library', 'applicantUploads', 'assetLibrary', 'copy'],
        ['copy library image into own vendor folder', 'assetLibrary', 'ownVendorFolder', 'copy'],
        ['move own vendor file into another vendor folder', 'ownVendorFolder', 'otherVendorFolder', 'move'],
        ['move library image onto the site plans', 'assetLibrary', 'sitePlans', 'move'],
        ['copy extra bucket file into applicant uploads', 'extraBucket', 'applicantUploads', 'copy'],
      ];
      for (const [label, from, to, op] of cross) {
        const src = places[from];
        const dst = places[to];
        const sourceKey = op === 'copy' ? src.key : `${src.folder}/${tag}-cross-${to}.${src.ext}`;
        if (op === 'move') await seed(src.bucket, sourceKey, src.body, src.type);
        const body = {
          bucketId: src.bucket,
          sourceKey,
          destinationBucket: dst.bucket,
          destinationKey: `${dst.folder}/${tag}-from-${from}.${src.ext}`,
        };
        const ok = may(caller, from, 'read') && (op === 'copy' || may(caller, from, 'write')) && may(caller, to, 'write');
        expectOutcome(`${label} as ${caller}`, status(await inject('POST', `/object/${op}`, h, body)), ok ? 'ok' : refusal(caller));
      }

      // Buckets: the list shows what the caller may see; a bucket's details likewise; administration is the super admin's.
      const visible = (['documents', 'public', 'extra'] as const).filter(
        (b) =>
          caller === 'service key' ||
          (Object.keys(places) as Place[]).some((q) => places[q].bucket === w.buckets[b] && may(caller, q, 'read')),
      );
      const list = await inject('GET', '/bucket', h);
      const ours = new Set(Object.values(w.buckets));
      const listGot =
        list.statusCode === 200
          ? (list.json() as { id: string }[])
              .map((b) => b.id)
              .filter((id) => ours.has(id))
              .sort()
              .join(',')
          : String(list.statusCode);
      const anyRule = caller === FOREIGN || visible.length > 0;
      const listWant = SIGNED_OUT.has(caller)
        ? '401'
        : anyRule
          ? visible
              .map((b) => w.buckets[b])
              .sort()
              .join(',')
          : '403';
      expectOutcome(`list buckets as ${caller}`, listGot, listWant);
      for (const b of ['documents', 'public', 'extra'] as const) {
        expectOutcome(
          `get bucket ${b} as ${caller}`,
          status(await inject('GET', `/bucket/${w.buckets[b]}`, h)),
          visible.includes(b) ? 'ok' : refusal(caller),
        );
      }
      const admin = BUCKET_ADMINS.includes(caller) ? 'ok' : refusal(caller);
      const own = `${w.slug}-z${i}`;
      const created = await inject('POST', '/bucket', h, { id: own, name: own });
      // Another organization's super admin may create buckets only under its own organization's name.
      expectOutcome(`create bucket as ${caller}`, status(created), caller === FOREIGN ? '400' : admin === 'ok' ? 'ok' : refusal(caller));
      if (created.statusCode !== 200) {
        const made = await inject('POST', '/bucket', w.callers.super_admin!, { id: own, name: own });
        if (made.statusCode !== 200) throw new Error(`bucket ${own}: ${made.statusCode} ${made.body}`);
      }
      expectOutcome(`update bucket as ${caller}`, status(await inject('PUT', `/bucket/${own}`, h, { public: false })), admin);
      expectOutcome(`empty bucket as ${caller}`, status(await inject('POST', `/bucket/${own}/empty`, h)), admin);
      expectOutcome(`delete bucket as ${caller}`, status(await inject('DELETE', `/bucket/${own}`, h)), admin);
    }

    console.log(`S1 storage checks = ${checks}, mismatches = ${mismatches.length}`);
    expect(mismatches).toEqual([]);
    // Not vacuous: the walk met allowed calls and each kind of refusal.
    expect([...outcomes].filter((o) => /^(ok|no-url|\d{3})$/.test(o)).sort()).toEqual(['400', '401', '403', '404', 'no-url', 'ok']);
    expect(checks).toBeGreaterThan(1500);
  });
});
