import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, jobs, productImportRows, productMedia, productVariants, productVersions, products } from '../../db/schema/index.js';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import type { TestContext } from '../../../test/harness.js';
import { multipart, pngOf } from '../assets/assets.test-support.js';
import { catalogFixture, created, orgClients, startCatalogApp, type Api, type Fixture } from '../products/products.test-support.js';
import { importJobHandlers, RUN_JOB } from './product-import.jobs.js';

let t: TestContext;
let api: Api;
let denied: Api;
let other: Api;
let orgId: string;
let fx: Fixture;
beforeAll(async () => {
  ({ t, orgId, api, denied } = await startCatalogApp());
  ({ api: other } = await orgClients(t));
  fx = await catalogFixture(t, api, orgId);
  // The upload is multipart, so it is sent with a bearer of its own (a super admin of the same organization).
  tokenHeaders = await headersOf(orgId);
}, 120_000);
afterAll(async () => t?.close());

type Detail = {
  id: string;
  state: string;
  format: string;
  encoding: string | null;
  delimiter: string | null;
  sheets: string[];
  sheet: string | null;
  headers: string[];
  sample: string[][];
  mapping: { column: string; target: string; split?: string }[];
  options: Record<string, unknown>;
  dryRun: Record<string, number> | null;
  run: Record<string, number> | null;
  canRun: boolean;
  updatedAt: string;
  archived: number;
  error: string | null;
};
type Row = {
  rowNo: number;
  outcome: string;
  sku: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
  errors: { field: string; message: string }[];
};

let tokenHeaders: Record<string, string>;
async function upload(file: Buffer, name: string, type = 'text/csv', as: Record<string, string> = tokenHeaders) {
  const form = multipart(file, name, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/product-import/imports',
    headers: { ...as, ...form.headers },
    payload: form.payload,
  });
}
const get = async (id: string) => (await api.get(`/product-import/imports/${id}`)).json() as Detail;
const patch = async (id: string, body: Record<string, unknown>) => {
  const d = await get(id);
  const res = await api.patch(`/product-import/imports/${id}`, { expectedUpdatedAt: d.updatedAt, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Detail;
};
const runJobs = async () => {
  for (let i = 0; (await t.app.ctx.jobs.runDue({ now: new Date(Date.now() + 3600_000) })) > 0; i++) {
    // A job that fails again and again is a bug here: say why instead of looping until the test times out.
    if (i > 50) {
      const failing = await t.app.ctx.db
        .select({ kind: jobs.kind, error: jobs.lastError })
        .from(jobs)
        .where(sql`${jobs.lastError} is not null`)
        .orderBy(sql`${jobs.updatedAt} desc`)
        .limit(1);
      throw new Error(`jobs keep running: ${JSON.stringify(failing)}`);
    }
  }
};
async function dryRun(id: string): Promise<Detail> {
  const d = await get(id);
  const res = await api.post(`/product-import/imports/${id}/dry-run`, { expectedUpdatedAt: d.updatedAt });
  expect(res.statusCode, res.body).toBe(202);
  await runJobs();
  return get(id);
}
async function runImport(id: string): Promise<Detail> {
  const d = await get(id);
  const res = await api.post(`/product-import/imports/${id}/run`, { expectedUpdatedAt: d.updatedAt });
  expect(res.statusCode, res.body).toBe(202);
  await runJobs();
  return get(id);
}
const rows = async (id: string, phase = 'dry_run', outcome?: string) =>
  (
    (await api.get(`/product-import/imports/${id}/rows?phase=${phase}&limit=200${outcome ? `&outcome=${outcome}` : ''}`)).json() as {
      items: Row[];
    }
  ).items;
const csv = (lines: string[][], d = ',') =>
  Buffer.from(lines.map((l) => l.map((c) => (/[",\n;]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(d)).join('\n'));
let n = 0;
const sku = () => `IMP-${++n}-${Math.random().toString(36).slice(2, 6)}`;

describe('upload and mapping', () => {
  it('detects an Arabic Windows-1256 CSV with semicolons, and suggests the mapping from English and Arabic names', async () => {
    const text = 'SKU;الاسم;Name;Price;Brand\nA-1;عسل;Honey;12,50;Acme\n';
    const res = await upload(encode1256(text), 'arabic.csv');
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as Detail;
    expect(d).toMatchObject({ format: 'csv', encoding: 'windows-1256', delimiter: ';', state: 'draft' });
    expect(d.headers).toEqual(['SKU', 'الاسم', 'Name', 'Price', 'Brand']);
    expect(d.sample[0]).toEqual(['A-1', 'عسل', 'Honey', '12,50', 'Acme']);
    expect(d.mapping.map((m) => m.target)).toEqual(['sku', 'nameAr', 'nameEn', 'price', 'brand']);
  });

  it('an edit needs the version it was based on: 422 without it, 409 when someone saved meanwhile', async () => {
    const d = (
      await upload(
        csv([
          ['SKU', 'Name'],
          ['s-1', 'One'],
        ]),
        'v.csv',
      )
    ).json() as Detail;
    const none = await api.patch(`/product-import/imports/${d.id}`, { delimiter: ';' });
    expect(none.statusCode).toBe(422);
    const ok = await api.patch(`/product-import/imports/${d.id}`, { expectedUpdatedAt: d.updatedAt, delimiter: ';' });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await api.patch(`/product-import/imports/${d.id}`, { expectedUpdatedAt: d.updatedAt, delimiter: ',' });
    expect(stale.statusCode).toBe(409);
    expect((await get(d.id)).delimiter).toBe(';');
  });

  it('refuses a binary file, an empty file, and callers without the permission or of another organization', async () => {
    expect((await upload(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 0]), 'x.csv')).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(0), 'empty.csv')).statusCode).toBe(422);
    const d = (await upload(csv([['sku'], ['x']]), 'a.csv')).json() as Detail;
    expect((await denied.get(`/product-import/imports/${d.id}`)).statusCode).toBe(403);
    expect((await other.get(`/product-import/imports/${d.id}`)).statusCode).toBe(404);
    expect((await other.get(`/product-import/imports/${d.id}/error-file`)).statusCode).toBe(404);
  });

  it('reads the chosen sheet of an XLSX, formula cells as their result and never as a formula', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes').addRow(['nothing here']);
    const ws = wb.addWorksheet('Products');
    ws.addRow(['SKU', 'Name', 'Price']);
    ws.addRow(['X-1', 'Jam', { formula: 'SUM(2,3)', result: 5 }]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(buf, 'book.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.statusCode, res.body).toBe(201);
    let d = res.json() as Detail;
    expect(d.sheets).toEqual(['Notes', 'Products']);
    expect(d.headers).toEqual(['nothing here']);
    d = await patch(d.id, { sheet: 'Products' });
    expect(d.headers).toEqual(['SKU', 'Name', 'Price']);
    expect(d.sample).toEqual([['X-1', 'Jam', '5']]);
  });
});

function encode1256(text: string): Buffer {
  const table = new Map<string, number>();
  const dec = new TextDecoder('windows-1256');
  for (let b = 0; b < 256; b++) table.set(dec.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}

describe('dry run and run', () => {
  it('validates every row, reports a field-by-field diff, and the run does exactly what the dry run said', async () => {
    const existing = await created<{ id: string; sku: string }>(api.post('/products', { sku: sku(), nameEn: 'Old name', priceMinor: 100 }));
    const fresh = sku();
    const file = csv([
      ['SKU', 'Name', 'Arabic name', 'Price', 'Brand', 'Categories'],
      [existing.sku, 'New name', 'اسم جديد', '2.50', fx.brand.id ? 'Acme' : '', ''],
      [fresh, 'Fresh honey', 'عسل طازج', '10', 'Acme', `${(fx.fruit as { code?: string }).code ?? ''}`],
      [sku(), 'Bad price', '', 'abc', '', ''],
      [sku(), '', '', '1', 'Nobody', ''],
    ]);
    let d = (await upload(file, 'mixed.csv')).json() as Detail;
    d = await patch(d.id, { mapping: d.mapping.map((m) => (m.column === 'Arabic name' ? { ...m, target: 'nameAr' } : m)) });
    d = await dryRun(d.id);
    expect(d.state).toBe('validated');
    expect(d.dryRun).toMatchObject({ rows: 4, create: 1, update: 1, error: 2 });
    expect(d.canRun).toBe(true);
    const dry = await rows(d.id);
    const upd = dry.find((r) => r.outcome === 'update')!;
    expect(upd.changes).toEqual(
      expect.arrayContaining([
        { field: 'nameEn', before: 'Old name', after: 'New name' },
        { field: 'price', before: 100, after: 250 },
        { field: 'brand', before: null, after: 'Acme' },
      ]),
    );
    const errors = dry.filter((r) => r.outcome === 'error');
    expect(errors[0]!.errors).toEqual([{ field: 'Price', message: 'must be an amount such as 12.50' }]);
    expect(errors[1]!.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['Brand']));
    // Nothing was written by the dry run.
    expect((await t.app.ctx.db.select().from(products).where(eq(products.sku, fresh))).length).toBe(0);

    const errFile = await api.get(`/product-import/imports/${d.id}/error-file?phase=dry_run`);
    expect(errFile.statusCode).toBe(200);
    expect(errFile.body).toContain('Reason');
    expect(errFile.body).toContain('Price: must be an amount such as 12.50');

    d = await runImport(d.id);
    expect(d.state).toBe('completed');
    expect(d.run).toEqual(d.dryRun);
    const ran = await rows(d.id, 'run');
    expect(ran.map((r) => [r.rowNo, r.outcome, r.changes])).toEqual(dry.map((r) => [r.rowNo, r.outcome, r.changes]));
    const [p] = await t.app.ctx.db.select().from(products).where(eq(products.sku, fresh));
    expect(p).toMatchObject({ nameEn: 'Fresh honey', nameAr: 'عسل طازج', priceMinor: 1000, brandId: fx.brand.id });
    const versions = await t.app.ctx.db.select().from(productVersions).where(eq(productVersions.productId, existing.id));
    expect(versions.map((v) => v.action)).toEqual(['create', 'import']);
  });

  it('a second import of the same file finds every row unchanged; create-only and update-only skip; an empty cell clears only when asked', async () => {
    const a = sku();
    const first = csv([
      ['SKU', 'Name', 'Description'],
      [a, 'Apple', 'Crisp'],
    ]);
    let d = (await upload(first, 'first.csv')).json() as Detail;
    await dryRun(d.id);
    d = await runImport(d.id);
    expect(d.run).toMatchObject({ create: 1 });
    d = (await upload(first, 'again.csv')).json() as Detail;
    d = await dryRun(d.id);
    expect(d.dryRun).toMatchObject({ unchanged: 1, create: 0, update: 0 });

    const b = sku();
    const second = csv([
      ['SKU', 'Name', 'Description'],
      [a, 'Apple', ''],
      [b, 'Banana', 'Yellow'],
    ]);
    d = (await upload(second, 'second.csv')).json() as Detail;
    d = await patch(d.id, { options: { ...d.options, action: 'update' } });
    d = await dryRun(d.id);
    expect(d.dryRun).toMatchObject({ unchanged: 1, skipped: 1 });
    d = await patch(d.id, { options: { ...d.options, action: 'create' } });
    expect(d.canRun).toBe(false);
    d = await dryRun(d.id);
    expect(d.dryRun).toMatchObject({ create: 1, skipped: 1 });
    d = await patch(d.id, { options: { ...d.options, action: 'both', emptyCells: 'clear' } });
    d = await dryRun(d.id);
    const upd = (await rows(d.id)).find((r) => r.sku === a)!;
    expect(upd.outcome).toBe('update');
    expect(upd.changes).toEqual([{ field: 'descriptionEn', before: 'Crisp', after: '' }]);
  });

  it('refuses to run without a current dry run, and a SKU twice in one file is an error on the later row', async () => {
    const s = sku();
    let d = (
      await upload(
        csv([
          ['SKU', 'Name'],
          [s, 'One'],
          [s.toLowerCase(), 'Two'],
        ]),
        'dup.csv',
      )
    ).json() as Detail;
    const res = await api.post(`/product-import/imports/${d.id}/run`, { expectedUpdatedAt: d.updatedAt });
    expect(res.statusCode).toBe(409);
    d = await dryRun(d.id);
    const r = await rows(d.id);
    expect(r[1]).toMatchObject({ outcome: 'error', errors: [{ field: 'SKU', message: 'is also in row 2' }] });
  });

  it('re-imports only the failed rows, with the same mapping', async () => {
    const good = sku();
    let d = (
      await upload(
        csv([
          ['SKU', 'Name', 'Price'],
          [good, 'Good', '1'],
          [sku(), 'Bad', 'x'],
          [sku(), 'Worse', 'y'],
        ]),
        'part.csv',
      )
    ).json() as Detail;
    await dryRun(d.id);
    d = await runImport(d.id);
    expect(d.run).toMatchObject({ create: 1, error: 2 });
    const retry = await api.post(`/product-import/imports/${d.id}/retry-failed`);
    expect(retry.statusCode, retry.body).toBe(201);
    const r = retry.json() as Detail & { sourceImportId: string };
    expect(r.sourceImportId).toBe(d.id);
    expect(r.headers).toEqual(['SKU', 'Name', 'Price']);
    const again = await dryRun(r.id);
    expect(again.dryRun).toMatchObject({ rows: 2, error: 2 });
  });

  it('a row too long to read is an error row and the rows after it are still imported', async () => {
    const after = sku();
    const file = Buffer.concat([Buffer.from(`SKU,Name\n${sku()},"${'x'.repeat(300 * 1024)}"\n`), Buffer.from(`${after},After\n`)]);
    let d = (await upload(file, 'huge.csv')).json() as Detail;
    d = await dryRun(d.id);
    expect(d.dryRun).toMatchObject({ rows: 2, error: 1, create: 1 });
    const r = await rows(d.id, 'dry_run', 'error');
    expect(r[0]!.errors[0]!.message).toMatch(/longer than/);
  });

  it('archives (never deletes) the products a full file does not name', async () => {
    const { orgId: o2, api: api2 } = await orgClients(t);
    const keep = await created<{ id: string; sku: string }>(api2.post('/products', { sku: sku(), nameEn: 'Keep', status: 'active' }));
    const gone = await created<{ id: string; sku: string }>(api2.post('/products', { sku: sku(), nameEn: 'Gone', status: 'active' }));
    const file = csv([
      ['SKU', 'Name'],
      [keep.sku, 'Keep'],
    ]);
    const form = multipart(file, 'full.csv', 'text/csv');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/product-import/imports',
      headers: { ...(await headersOf(o2)), ...form.headers },
      payload: form.payload,
    });
    let d = up.json() as Detail;
    const opt = { ...d.options, missing: 'archive' };
    const api2Patch = await api2.patch(`/product-import/imports/${d.id}`, { expectedUpdatedAt: d.updatedAt, options: opt });
    d = api2Patch.json() as Detail;
    await api2.post(`/product-import/imports/${d.id}/dry-run`, { expectedUpdatedAt: d.updatedAt });
    await runJobs();
    d = (await api2.get(`/product-import/imports/${d.id}`)).json() as Detail;
    await api2.post(`/product-import/imports/${d.id}/run`, { expectedUpdatedAt: d.updatedAt });
    await runJobs();
    d = (await api2.get(`/product-import/imports/${d.id}`)).json() as Detail;
    expect(d).toMatchObject({ state: 'completed', archived: 1 });
    const [g] = await t.app.ctx.db.select().from(products).where(eq(products.id, gone.id));
    expect(g!.status).toBe('archived');
    const [k] = await t.app.ctx.db.select().from(products).where(eq(products.id, keep.id));
    expect(k!.status).toBe('active');
  });
});

async function headersOf(org: string) {
  return bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org, role: 'super_admin' })));
}

describe('a run that stops and resumes, and cancellation', () => {
  it('resumes from the last committed batch after its worker stops: no partial batch, no row twice', async () => {
    const lines = [['SKU', 'Name']];
    const prefix = `RES-${Math.random().toString(36).slice(2, 6)}`;
    for (let i = 0; i < 1200; i++) lines.push([`${prefix}-${i}`, `Item ${i}`]);
    let d = (await upload(csv(lines), 'big.csv')).json() as Detail;
    d = await dryRun(d.id);
    expect(d.dryRun).toMatchObject({ create: 1200 });
    const start = await api.post(`/product-import/imports/${d.id}/run`, { expectedUpdatedAt: d.updatedAt });
    expect(start.statusCode).toBe(202);
    // The worker stops after its first batch committed: its next heartbeat finds the lease gone.
    const real = importJobHandlers(t.app.ctx)[RUN_JOB];
    t.app.ctx.jobs.register(RUN_JOB, async (job, jc) => {
      let beats = 0;
      return real(job, {
        ...jc,
        heartbeat: async (p) => {
          if (++beats > 1) throw new Error('The job was claimed again after its lease ran out');
          await jc.heartbeat(p);
        },
      });
    });
    await t.app.ctx.jobs.runDue();
    let mid = await get(d.id);
    expect(mid.state).toBe('running');
    const count = async () =>
      Number(
        (
          await t.app.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(products)
            .where(and(eq(products.orgId, orgId), sql`${products.sku} like ${`${prefix}-%`}`))
        )[0]!.n,
      );
    // Two whole batches committed (the second heartbeat comes after the second commit), nothing of the third.
    expect(await count()).toBe(1000);
    t.app.ctx.jobs.register(RUN_JOB, real);
    await runJobs();
    mid = await get(d.id);
    expect(mid.state).toBe('completed');
    expect(mid.run).toMatchObject({ rows: 1200, create: 1200, error: 0 });
    expect(await count()).toBe(1200);
    const rowCount = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productImportRows)
      .where(and(eq(productImportRows.importId, d.id), eq(productImportRows.phase, 'run')));
    expect(rowCount[0]!.n).toBe(1200);
  });

  it('cancels a queued run before anything is written', async () => {
    let d = (
      await upload(
        csv([
          ['SKU', 'Name'],
          [sku(), 'Never'],
        ]),
        'cancel.csv',
      )
    ).json() as Detail;
    d = await dryRun(d.id);
    const started = await api.post(`/product-import/imports/${d.id}/run`, { expectedUpdatedAt: d.updatedAt });
    const s = started.json() as Detail;
    const res = await api.post(`/product-import/imports/${d.id}/cancel`, { expectedUpdatedAt: s.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs();
    d = await get(d.id);
    expect(d.state).toBe('cancelled');
    expect(d.run?.create ?? 0).toBe(0);
  });
});

describe('a ZIP with images', () => {
  it('takes the data file and the images its rows name; the run adds each image to the asset library once', async () => {
    const a = sku();
    const b = sku();
    const zip = zipSync({
      'supplier/products.csv': strToU8(`SKU,Name,Images\n${a},Jar,jar.png|lid.png\n${b},Lid,lid.png\n${sku()},Gone,missing.png\n`),
      'supplier/img/jar.png': new Uint8Array(await pngOf(40, 20, 'red')),
      'supplier/img/lid.png': new Uint8Array(await pngOf(20, 20, 'blue')),
      '../../evil.png': new Uint8Array(await pngOf(10, 10, 'green')),
    });
    let d = (await upload(Buffer.from(zip), 'supplier.zip', 'application/zip')).json() as Detail;
    expect(d).toMatchObject({ format: 'csv', headers: ['SKU', 'Name', 'Images'] });
    expect(d.mapping.find((m) => m.column === 'Images')).toMatchObject({ target: 'images', split: '|' });
    d = await dryRun(d.id);
    expect(d.dryRun).toMatchObject({ create: 2, error: 1 });
    const dry = await rows(d.id);
    expect(dry.find((r) => r.sku === a)!.changes).toContainEqual({ field: 'images', before: null, after: ['jar.png', 'lid.png'] });
    expect(dry.find((r) => r.outcome === 'error')!.errors).toEqual([
      { field: 'Images', message: 'no image named missing.png is in the ZIP' },
    ]);
    d = await runImport(d.id);
    expect(d.run).toEqual(d.dryRun);
    const ran = await rows(d.id, 'run');
    expect(ran.map((r) => r.changes)).toEqual(dry.map((r) => r.changes));
    const [pa] = await t.app.ctx.db.select().from(products).where(eq(products.sku, a));
    const media = await t.app.ctx.db
      .select({ assetId: productMedia.assetId, fileName: assets.fileName, folder: assets.folder })
      .from(productMedia)
      .innerJoin(assets, eq(assets.id, productMedia.assetId))
      .where(eq(productMedia.productId, pa!.id))
      .orderBy(productMedia.position);
    expect(media.map((m) => m.fileName)).toEqual(['jar.png', 'lid.png']);
    expect(media[0]!.folder).toBe(`imports/${d.id.slice(0, 8)}`);
    // lid.png is one asset, shown by both products.
    const [pb] = await t.app.ctx.db.select().from(products).where(eq(products.sku, b));
    const [mb] = await t.app.ctx.db.select().from(productMedia).where(eq(productMedia.productId, pb!.id));
    expect(mb!.assetId).toBe(media[1]!.assetId);
    // The original ZIP is what "the file" downloads.
    const original = await api.get(`/product-import/imports/${d.id}/file`);
    expect(original.headers['content-type']).toBe('application/zip');
    expect(original.rawPayload.equals(Buffer.from(zip))).toBe(true);
  });
});

describe('variant rows', () => {
  it('creates a product with its variants from one file, refuses an unknown option or parent, then updates a variant found by barcode', async () => {
    const family = fx.family as unknown as { code: string };
    const size = fx.a.size as unknown as { code: string };
    const text = fx.a.text as unknown as { code: string };
    const longText = fx.a.longText as unknown as { code: string };
    const tee = sku();
    const file = csv([
      ['SKU', 'Parent SKU', 'Name', 'Family', 'Size', 'Barcode', 'Price', 'Stock', 'Text', 'Long'],
      [tee, '', 'T-shirt', family.code, '', '', '10', '', 'short', 'long text'],
      [`${tee}-S`, tee, 'T-shirt', '', 's', '4006381333931', '11', '5', '', ''],
      [`${tee}-M`, tee, '', '', 'M', '', '', '3', '', ''],
      [`${tee}-X`, tee, '', '', 'xx', '', '', '', '', ''],
      [`${tee}-Q`, 'NO-SUCH-PARENT', '', '', 's', '', '', '', '', ''],
      [`${tee}-B`, tee, '', '', 'l', '4006381333932', '', '', '', ''],
    ]);
    let d = (await upload(file, 'variants.csv')).json() as Detail;
    const target = (column: string) =>
      ({ Size: `attribute:${size.code}`, Text: `attribute:${text.code}`, Long: `attribute:${longText.code}:en` })[column];
    d = await patch(d.id, { mapping: d.mapping.map((m) => (target(m.column) ? { ...m, target: target(m.column)! } : m)) });
    expect(d.mapping.map((m) => m.target)).toEqual(
      expect.arrayContaining(['sku', 'parentSku', 'nameEn', 'family', 'barcode', 'price', 'stock']),
    );
    d = await dryRun(d.id);
    expect(d.dryRun).toMatchObject({ rows: 6, create: 3, error: 3 });
    const dry = await rows(d.id);
    expect(dry.find((r) => r.sku === `${tee}-S`)!.changes).toEqual(
      expect.arrayContaining([
        { field: 'parentSku', before: null, after: tee },
        { field: 'barcode', before: null, after: '4006381333931' },
        { field: 'price', before: null, after: 1100 },
        { field: 'stock', before: null, after: 5 },
      ]),
    );
    const errs = Object.fromEntries(dry.filter((r) => r.outcome === 'error').map((r) => [r.sku, r.errors[0]]));
    expect(errs[`${tee}-X`]).toEqual({ field: 'Size', message: '"xx" is not one of the options' });
    expect(errs[`${tee}-Q`]!.field).toBe('Parent SKU');
    expect(errs[`${tee}-B`]).toEqual({ field: 'Barcode', message: 'check digit should be 1' });
    d = await runImport(d.id);
    expect(d.run).toEqual(d.dryRun);
    const [parent] = await t.app.ctx.db.select().from(products).where(eq(products.sku, tee));
    const variants = await t.app.ctx.db.select().from(productVariants).where(eq(productVariants.productId, parent!.id));
    expect(variants.map((v) => [v.sku, v.barcode, v.priceOverrideMinor, v.stockQuantity]).sort()).toEqual([
      [`${tee}-M`, null, null, 3],
      [`${tee}-S`, '4006381333931', 1100, 5],
    ]);

    // A stock file keyed by barcode: only the stock changes.
    let s2 = (
      await upload(
        csv([
          ['Barcode', 'Parent SKU', 'Stock'],
          ['4006381333931', tee, '9'],
        ]),
        'stock.csv',
      )
    ).json() as Detail;
    s2 = await patch(s2.id, { options: { ...s2.options, matchBy: 'barcode' } });
    s2 = await dryRun(s2.id);
    expect(s2.dryRun).toMatchObject({ update: 1, error: 0 });
    expect((await rows(s2.id))[0]!.changes).toEqual([{ field: 'stock', before: 5, after: 9 }]);
    await runImport(s2.id);
    const [after] = await t.app.ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.sku, `${tee}-S`));
    expect(after!.stockQuantity).toBe(9);
  });
});

describe('profiles', () => {
  it('saves a mapping as a profile, refuses a taken name, and a new upload with the profile uses its mapping', async () => {
    const mapping = [
      { column: 'Code', target: 'sku' },
      { column: 'Label', target: 'nameEn' },
    ];
    const options = {
      matchBy: 'sku',
      matchAttribute: null,
      action: 'both',
      emptyCells: 'ignore',
      missing: 'keep',
      categoriesBy: 'code',
      decimalComma: true,
    };
    const p = await created<{ id: string }>(api.post('/product-import/profiles', { name: 'Supplier A', mapping, options }));
    expect((await api.post('/product-import/profiles', { name: 'supplier a', mapping, options })).statusCode).toBe(409);
    const bad = await api.post('/product-import/profiles', { name: 'Dup', mapping: [...mapping, { column: 'X', target: 'sku' }], options });
    expect(bad.statusCode).toBe(422);
    const form = multipart(
      csv([
        ['Code', 'Label'],
        ['P-1', 'One'],
      ]),
      'p.csv',
      'text/csv',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/product-import/imports?profileId=${p.id}`,
      headers: { ...tokenHeaders, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Detail).mapping).toEqual(mapping);
    expect((res.json() as Detail).options).toMatchObject({ decimalComma: true });
  });
});
