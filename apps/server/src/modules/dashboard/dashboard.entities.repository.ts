import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Where the name of each audited entity type lives: its table, the SQL of the English (and Arabic) name,
 * and `extra`, what its link needs beyond the id (a vendor's type, an application's stream...). Constant
 * SQL only, never input. Types not listed (users, storage, e-mail) keep the name their snapshot had.
 */
interface Source {
  table: string;
  en: string;
  ar?: string;
  extra?: string;
  /** false for tables without org_id (profiles are per user). */
  org?: false;
}

const NAMED = (table: string): Source => ({ table, en: 't.name_en', ar: 't.name_ar' });

const SOURCES: Record<string, Source> = {
  product: NAMED('products'),
  product_variant: { table: 'product_variants', en: 't.sku', extra: 't.product_id::text' },
  saved_view: { table: 'saved_views', en: 't.name' },
  asset: { table: 'assets', en: 't.file_name', extra: 't.folder' },
  catalog_category: NAMED('catalog_categories'),
  brand: NAMED('brands'),
  unit: NAMED('units'),
  tax_class: NAMED('tax_classes'),
  tax_rate: NAMED('tax_rates'),
  currency: NAMED('currencies'),
  attribute: NAMED('attributes'),
  attribute_family: NAMED('attribute_families'),
  organization_language: { table: 'organization_languages', en: 't.name', ar: 't.native_name' },
  translation_override: { table: 'translation_overrides', en: 't.key' },
  market_category: NAMED('market_categories'),
  pos_register: { table: 'pos_registers', en: 't.name' },
  catalog_channel: { table: 'catalog_channels', en: 't.name' },
  webhook_endpoint: { table: 'webhook_endpoints', en: 't.url' },
  api_key: { table: 'api_keys', en: 't.name' },
  pos_session: { table: 'pos_sessions', en: '(select r.name from pos_registers r where r.id = t.register_id)' },
  pos_commission_rule: { table: 'pos_commission_rules', en: `''` },
  pos_order: { table: 'pos_orders', en: 't.receipt_number', extra: 't.receipt_number' },
  customer_order: { table: 'customer_orders', en: 't.number' },
  vendor_payout: { table: 'vendor_payouts', en: '(select v.public_name from vendors v where v.id = t.vendor_id)' },
  market_location: NAMED('market_locations'),
  market_slot: { table: 'market_slots', en: 't.code', extra: 't.location_id::text' },
  market_day: { table: 'market_days', en: `to_char(t.date, 'YYYY-MM-DD')` },
  market_day_series: { table: 'market_day_series', en: `to_char(t.start_date, 'YYYY-MM-DD')` },
  vendor: { table: 'vendors', en: 't.public_name', extra: 't.vendor_type' },
  vendor_document: {
    table: 'vendor_documents',
    en: 't.file_name',
    extra: `(select v.vendor_type || ':' || v.id from vendors v where v.id = t.vendor_id)`,
  },
  vendor_application: { table: 'vendor_applications', en: 't.applicant_name', extra: 't.stream' },
  vendor_application_document: {
    table: 'vendor_application_documents',
    en: 't.file_name',
    extra: `(select a.stream || ':' || a.id from vendor_applications a where a.id = t.application_id)`,
  },
  workshop: { table: 'workshops', en: 't.title_en', ar: 't.title_ar' },
  profile: { table: 'profiles', en: 'coalesce(t.full_name, t.email)', org: false },
};

export interface LiveEntity {
  en: string | null;
  ar: string | null;
  extra: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entities that still exist, by `type:id`, with their names now; one query per entity type present. */
export async function liveEntities(db: DbOrTx, orgId: string, refs: { entityType: string; entityId: string | null }[]) {
  const byType = new Map<string, Set<string>>();
  for (const r of refs) {
    if (!r.entityId || !UUID.test(r.entityId) || !Object.hasOwn(SOURCES, r.entityType)) continue;
    const ids = byType.get(r.entityType) ?? new Set<string>();
    ids.add(r.entityId.toLowerCase());
    byType.set(r.entityType, ids);
  }
  const found = new Map<string, LiveEntity>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const s = SOURCES[type]!;
      const res = await db.execute(sql`
        select t.id::text as id, (${sql.raw(s.en)})::text as en, (${sql.raw(s.ar ?? 'null')})::text as ar,
          (${sql.raw(s.extra ?? 'null')})::text as extra
        from ${sql.raw(s.table)} t
        where t.id = any(${`{${[...ids].join(',')}}`}::uuid[]) ${s.org === false ? sql`` : sql`and t.org_id = ${orgId}`}`);
      for (const row of (res as unknown as { rows: { id: string; en: string | null; ar: string | null; extra: string | null }[] }).rows)
        found.set(`${type}:${row.id}`, { en: row.en, ar: row.ar || null, extra: row.extra });
    }),
  );
  return found;
}
