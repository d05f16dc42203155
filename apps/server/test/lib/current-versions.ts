import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app.js';
import {
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
};
const UUID = '[0-9a-fA-F-]{36}';
const EDIT = new RegExp(`^/api/v1/([a-z-]+)/(${UUID})(/categories|/capacities|/documents/(${UUID})|/versions/\\d+/restore)?(?:\\?.*)?$`);
/** A well-formed stamp for a record that does not exist, so the route still answers its own 404. */
const NO_ROW = new Date(0).toISOString();

async function currentVersion(app: App, method: string, url: string): Promise<{ field: string; value: string | number } | null> {
  const m = EDIT.exec(url);
  if (!m) return null;
  const [, area, id, tail, docId] = m;
  const db = app.ctx.db;
  if (area === 'products' && ((method === 'PATCH' && !tail) || (method === 'POST' && tail?.startsWith('/versions/')))) {
    const [row] = await db.select({ version: products.version }).from(products).where(eq(products.id, id!)).limit(1);
    return { field: 'expectedVersion', value: row?.version ?? 1 };
  }
  if (method === 'POST') return null;
  const table = area === 'vendors' && docId ? vendorDocuments : TABLES[area!];
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
    const plain = payload === undefined || (typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload) && !Array.isArray(payload));
    if ((method === 'PATCH' || method === 'PUT' || method === 'POST') && plain) {
      const v = await currentVersion(app, method, String(opts.url));
      const body = (payload ?? {}) as Record<string, unknown>;
      if (v && !(v.field in body)) opts = { ...opts, payload: { ...body, [v.field]: v.value } };
    }
    return inject(opts);
  };
}
