import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app.js';
import {
  assets,
  attributeFamilies,
  attributes,
  brands,
  catalogCategories,
  currencies,
  marketCategories,
  marketDays,
  marketDaySeries,
  marketLocations,
  marketSlots,
  productVariants,
  products,
  taxClasses,
  taxRates,
  units,
  vendorApplicationDocuments,
  vendorDocuments,
  vendors,
} from '../../src/db/schema/index.js';

type Stamped = PgTable & { id: PgColumn; updatedAt: PgColumn };

const TABLES: Record<string, Stamped> = {
  'catalog-categories': catalogCategories,
  brands,
  units,
  'tax-classes': taxClasses,
  'tax-rates': taxRates,
  currencies,
  attributes,
  'attribute-families': attributeFamilies,
  'product-variants': productVariants,
  vendors,
  'market-categories': marketCategories,
  'market-locations': marketLocations,
  'market-slots': marketSlots,
  'market-days': marketDays,
  'market-day-series': marketDaySeries,
  assets,
};
const UUID = '[0-9a-fA-F-]{36}';
const EDIT = new RegExp(`^/api/v1/([a-z-]+)/(${UUID})(/categories|/capacities|/documents/(${UUID})|/versions/\\d+/restore)?(?:\\?.*)?$`);
/** A well-formed stamp for a record that does not exist, so the route still answers its own 404. */
const NO_ROW = new Date(0).toISOString();

type Inject = (opts: InjectOptions) => ReturnType<App['inject']>;
type Version = { field: string; value: string | number | null };
const TEMPLATE = /^\/api\/v1\/application-email-templates\/([a-z_]+)\/([a-z]+)(?:\?.*)?$/;

/** Versions of views merged from several rows (languages, texts, e-mail wording): read as the caller's screen would. */
async function viewVersion(inject: Inject, headers: InjectOptions['headers'], method: string, url: string): Promise<Version | null> {
  const t = TEMPLATE.exec(url);
  if (t && method === 'PUT') {
    const res = await inject({ method: 'GET', url: '/api/v1/application-email-templates', headers });
    const items = res.statusCode === 200 ? (res.json().items as { key: string; locale: string; updatedAt: string | null }[]) : [];
    return { field: 'expectedUpdatedAt', value: items.find((i) => i.key === t[1] && i.locale === t[2])?.updatedAt ?? null };
  }
  const m = EDIT.exec(url);
  if (method !== 'PATCH' || !m || (m[1] !== 'languages' && m[1] !== 'translations') || m[3]) return null;
  const res = await inject({ method: 'GET', url: m[1] === 'languages' ? '/api/v1/languages?all=true' : '/api/v1/translations', headers });
  const row = res.statusCode === 200 ? (res.json() as { id: string; updatedAt: string }[]).find((x) => x.id === m[2]) : undefined;
  return { field: 'expectedUpdatedAt', value: row?.updatedAt ?? NO_ROW };
}

async function currentVersion(app: App, method: string, url: string): Promise<Version | null> {
  const m = EDIT.exec(url);
  if (!m) return null;
  const [, area, id, tail, docId] = m;
  const db = app.ctx.db;
  if (area === 'products' && ((method === 'PATCH' && !tail) || (method === 'POST' && tail?.startsWith('/versions/')))) {
    const [row] = await db.select({ version: products.version }).from(products).where(eq(products.id, id!)).limit(1);
    return { field: 'expectedVersion', value: row?.version ?? 1 };
  }
  if (method === 'POST') return null;
  const table = docId
    ? area === 'vendors'
      ? vendorDocuments
      : area === 'vendor-applications'
        ? vendorApplicationDocuments
        : undefined
    : TABLES[area!];
  if (!table) return null;
  if (tail && !docId && !(area === 'vendors' && tail === '/categories') && !(area === 'market-days' && tail === '/capacities')) return null;
  const [row] = await db
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(eq(table.id, docId ?? id!))
    .limit(1);
  return { field: 'expectedUpdatedAt', value: row ? (row.updatedAt as Date).toISOString() : NO_ROW };
}

/**
 * For tests of other concerns than concurrency: an edit sent without the version it is based on gets the
 * record's current one, as a screen that just loaded it would send. The concurrency rules themselves are
 * tested without this (test/security/optimistic-concurrency.test.ts).
 */
export function sendCurrentVersions(app: App): void {
  const inject = app.inject.bind(app) as (opts: InjectOptions) => ReturnType<App['inject']>;
  (app as unknown as { inject: (opts: InjectOptions) => Promise<unknown> }).inject = async (opts: InjectOptions) => {
    const method = String(opts.method ?? 'GET').toUpperCase();
    const payload = opts.payload;
    const plain =
      payload === undefined || (typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload) && !Array.isArray(payload));
    if ((method === 'PATCH' || method === 'PUT' || method === 'POST') && plain) {
      const url = String(opts.url);
      const v = (await viewVersion(inject, opts.headers, method, url)) ?? (await currentVersion(app, method, url));
      const body = (payload ?? {}) as Record<string, unknown>;
      if (v && !(v.field in body)) opts = { ...opts, payload: { ...body, [v.field]: v.value } };
    }
    return inject(opts);
  };
}
