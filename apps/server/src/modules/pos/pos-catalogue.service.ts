import type { posRoutes as c } from '@market/contracts';
import { POS_LIMITS } from '@market/contracts/plain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/like-pattern.js';
import { normalizeSearch } from '../../lib/search-normalize.js';
import { publishedFilter } from '../catalog-publishing/index.js';
import { baseCurrency } from '../payment-management/index.js';
import { assertMayUseRegister, discountLimitOf } from './pos-access.service.js';
import * as repo from './pos-orders.repository.js';

// What a register sells: active products, each variant a sellable item of its own (its SKU, barcode, price
// override and stock), with the product's vendor and the tax rate of its class.

type Rows = { rows: Record<string, unknown>[] } | Record<string, unknown>[];
const rowsOf = (r: Rows) => (Array.isArray(r) ? r : r.rows);

/** The sellable rows of some products: one per variant, or one for a product without variants. */
const sellables = (orgId: string, hits: SQL, channel: SQL) => sql`
  with hits as (${hits}),
  picked as (select distinct on (h.product_id, h.variant_id) h.product_id, h.variant_id, h.rank, h.ord from hits h
             order by h.product_id, h.variant_id, h.rank, h.ord)
  select p.id as product_id, v.id as variant_id, coalesce(v.sku, p.sku) as sku, v.barcode, p.name_en, p.name_ar,
    p.vendor_id, vd.public_name as vendor_name, coalesce(v.price_override_minor, p.price_minor) as price, v.stock_quantity as stock,
    coalesce((select r.rate_basis_points from tax_rates r
      where r.tax_class_id = coalesce(p.tax_class_id, (select tc.id from tax_classes tc where tc.org_id = p.org_id and tc.is_default order by tc.created_at limit 1))
      order by (r.country is null) desc, r.created_at limit 1), 0)::int as tax_rate,
    min(x.rank) as rank, min(x.ord) as ord
  from picked x
  join products p on p.id = x.product_id and p.org_id = ${orgId} and p.status = 'active' and ${channel}
  left join product_variants v on v.product_id = p.id and (x.variant_id is null or v.id = x.variant_id)
  left join vendors vd on vd.id = p.vendor_id
  group by p.id, v.id, vd.public_name
  order by rank, ord, p.name_en, v.position nulls first, v.sku
  limit ${POS_LIMITS.lookup}`;

function toSellable(r: Record<string, unknown>): c.PosSellable {
  const variantId = (r.variant_id as string | null) ?? null;
  return {
    productId: String(r.product_id),
    variantId,
    sku: String(r.sku),
    barcode: (r.barcode as string | null) ?? null,
    nameEn: String(r.name_en),
    nameAr: String(r.name_ar ?? ''),
    vendorId: (r.vendor_id as string | null) ?? null,
    vendorName: (r.vendor_name as string | null) ?? null,
    price: Number(r.price),
    taxRateBasisPoints: Number(r.tax_rate),
    tracksStock: variantId !== null,
    stock: variantId !== null ? Number(r.stock) : null,
  };
}

async function assertRegister(db: DbOrTx, caller: Caller, id: string) {
  const register = await repo.findRegister(db, caller.orgId, id);
  if (!register) throw notFound('Register');
  assertMayUseRegister(caller, register);
  return register;
}

/**
 * A scanned barcode or typed SKU (exact, any case); when nothing matches exactly, products whose name (English
 * or Arabic, as the product list normalises it) contains the term: the newest first, walking the same index as
 * the product list. A scan therefore never pays for the name search (a SKU's common trigrams make it the slow part).
 */
export async function lookup(db: Db, caller: Caller, registerId: string, q: string): Promise<c.PosSellable[]> {
  const register = await assertRegister(db, caller, registerId);
  return (await lookupRows(db, caller.orgId, q, register.channelId)).map(toSellable);
}

/** The lookup's statements (the register's own check aside): the benchmark records them for its pgbench peer. */
export async function lookupRows(
  db: Pick<DbOrTx, 'execute'>,
  org: string,
  q: string,
  channelId: string | null = null,
): Promise<Record<string, unknown>[]> {
  const term = q.trim();
  // A register that sells a channel offers only what the channel's latest snapshot holds (decision 021).
  const channel = channelId ? publishedFilter(channelId) : sql`true`;
  const exactHits = sql`
    select v.product_id, v.id as variant_id, 0 as rank, 0::bigint as ord from product_variants v where v.org_id = ${org} and v.barcode = ${term}
    union all
    select v.product_id, v.id, 1, 0 from product_variants v where v.org_id = ${org} and lower(v.sku) = lower(${term})
    union all
    select p.id, null::uuid, 1, 0 from products p where p.org_id = ${org} and lower(p.sku) = lower(${term})`;
  const exact = rowsOf((await db.execute(sellables(org, exactHits, channel))) as Rows);
  const norm = normalizeSearch(term).trim();
  if (exact.length || [...norm].length < 3) return exact;
  const nameHits = sql`
    select p.id as product_id, null::uuid as variant_id, 2 as rank, 0::bigint as ord from products p
    where p.org_id = ${org} and p.status = 'active' and p.search_text like ${`%${escapeLike(norm)}%`}
    order by p.updated_at desc, p.id desc limit ${POS_LIMITS.lookup}`;
  return rowsOf((await db.execute(sellables(org, nameHits, channel))) as Rows);
}

/** What the register keeps for selling offline: its own settings and the most recently changed active products. */
export async function snapshot(db: Db, caller: Caller, registerId: string): Promise<c.PosRegisterSnapshot> {
  const register = await assertRegister(db, caller, registerId);
  const org = caller.orgId;
  const res = await db.execute(sql`
    select p.id as product_id, v.id as variant_id, coalesce(v.sku, p.sku) as sku, v.barcode, p.name_en, p.name_ar,
      p.vendor_id, vd.public_name as vendor_name, coalesce(v.price_override_minor, p.price_minor) as price, v.stock_quantity as stock,
      coalesce((select r.rate_basis_points from tax_rates r
        where r.tax_class_id = coalesce(p.tax_class_id, (select tc.id from tax_classes tc where tc.org_id = p.org_id and tc.is_default order by tc.created_at limit 1))
        order by (r.country is null) desc, r.created_at limit 1), 0)::int as tax_rate
    from (select * from products p where org_id = ${org} and status = 'active' and ${register.channelId ? publishedFilter(register.channelId) : sql`true`}
      order by updated_at desc, id desc limit ${POS_LIMITS.snapshot}) p
    left join product_variants v on v.product_id = p.id
    left join vendors vd on vd.id = p.vendor_id
    order by p.name_en, v.position nulls first
    limit ${POS_LIMITS.snapshot}`);
  const currency = await baseCurrency(db, org);
  return {
    takenAt: new Date().toISOString(),
    register: {
      id: register.id,
      name: register.name,
      tenders: register.tenders as c.PosRegister['tenders'],
      allowNegativeStock: register.allowNegativeStock,
    },
    currency,
    discountLimit: await discountLimitOf(db, caller),
    items: rowsOf(res as Rows).map(toSellable),
  };
}
