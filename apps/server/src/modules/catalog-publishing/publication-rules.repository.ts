import { sql, type SQL } from 'drizzle-orm';
import type { catalogPublishingRoutes as c } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { uuidArray } from '../../db/text-list.js';
import type { ChannelRow } from './catalog-publishing.repository.js';

/*
 * The publication rules of publication-rules.ts, evaluated by PostgreSQL for every product of the organization at
 * once, so a preview page or a publish never ships the whole catalogue to Node (100,000 products: a preview page in
 * milliseconds instead of seconds). `publication-rules.sql.test.ts` holds this to `evaluateProduct` on random
 * catalogues; the reasons come in the same order.
 */

export interface RuleFacts {
  /** The category root's subtree; null: no root. */
  rootSubtree: readonly string[] | null;
  /** The subtrees of the rule's categories; null: the rule names none. */
  ruleSubtree: readonly string[] | null;
  now: Date;
}

const texts = (xs: readonly string[]) =>
  xs.length
    ? sql`array[${sql.join(
        xs.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** One row per product: its facts, `fails` (the reasons it is out, in evaluateProduct's order) and `manual`. */
function evaluated(orgId: string, ch: ChannelRow, f: RuleFacts, onlyIds?: readonly string[]): SQL {
  const r = ch.rules;
  const manual = sql`(p.id = any(${uuidArray(ch.includeIds)}))`;
  const unlessManual = (cond: SQL, reason: string) => sql`case when not ${manual} and ${cond} then ${reason}::text end`;
  const checks: SQL[] = [];
  if (r.activeOnly) checks.push(unlessManual(sql`p.status <> 'active'`, 'not_active'));
  const lowest = ch.locales.length ? sql`(select min(coalesce((cc.c ->> l)::int, 0)) from unnest(${texts(ch.locales)}) l)` : sql`0`;
  checks.push(unlessManual(sql`coalesce(${lowest}, 0) < ${r.minCompleteness}`, 'below_completeness'));
  if (f.rootSubtree)
    checks.push(unlessManual(sql`not (coalesce(p.category_ids, '{}') && ${uuidArray(f.rootSubtree)})`, 'outside_category_root'));
  if (f.ruleSubtree)
    checks.push(unlessManual(sql`not (coalesce(p.category_ids, '{}') && ${uuidArray(f.ruleSubtree)})`, 'category_not_selected'));
  if (r.brandIds.length)
    checks.push(unlessManual(sql`(p.brand_id is null or not p.brand_id = any(${uuidArray(r.brandIds)}))`, 'brand_not_selected'));
  if (r.vendorIds.length)
    checks.push(unlessManual(sql`(p.vendor_id is null or not p.vendor_id = any(${uuidArray(r.vendorIds)}))`, 'vendor_not_selected'));
  const now = f.now.toISOString();
  checks.push(sql`case when s."publishAt" is not null and ${now}::timestamptz < s."publishAt" then 'scheduled_later'::text end`);
  checks.push(
    sql`case when s."unpublishAt" is not null and ${now}::timestamptz >= s."unpublishAt" then 'unpublished_on_schedule'::text end`,
  );
  return sql`
    select p.id, p.sku, p.name_en, coalesce(p.name_ar, '') as name_ar, coalesce(cc.c, '{}'::jsonb) as completeness,
      ${manual} as manual,
      case when p.id = any(${uuidArray(ch.excludeIds)}) then array['excluded_manually']::text[]
        else array_remove(array[${sql.join(checks, sql`, `)}]::text[], null) end as fails
    from products p
    left join (
      select product_id, jsonb_object_agg(locale, score) as c from catalog_channel_completeness
      where org_id = ${orgId} and channel_id = ${ch.id} group by product_id
    ) cc on cc.product_id = p.id
    left join jsonb_to_recordset(${JSON.stringify(ch.schedules)}::jsonb) as s("productId" uuid, "publishAt" timestamptz, "unpublishAt" timestamptz)
      on s."productId" = p.id
    where p.org_id = ${orgId}${onlyIds ? sql` and p.id = any(${uuidArray(onlyIds)})` : sql``}`;
}

const itemJson = sql`json_build_object(
  'id', e.id, 'sku', e.sku, 'nameEn', e.name_en, 'nameAr', e.name_ar,
  'included', cardinality(e.fails) = 0,
  'reasons', case when cardinality(e.fails) > 0 then to_json(e.fails)
    when e.manual then '["included_manually"]'::json else '["matches_rules"]'::json end,
  'completeness', e.completeness)`;

/**
 * One page of the preview in SKU order (code-unit order, as the cursor compares), after the cursor's SKU and id,
 * and the totals over the whole catalogue, in one statement.
 */
export async function previewPage(
  db: DbOrTx,
  orgId: string,
  ch: ChannelRow,
  f: RuleFacts,
  q: { after: { sku: string; id: string } | null; limit: number; show: 'all' | 'in' | 'out' },
): Promise<{ items: c.PreviewItem[]; included: number; excluded: number }> {
  const show = q.show === 'in' ? sql`cardinality(e.fails) = 0` : q.show === 'out' ? sql`cardinality(e.fails) > 0` : sql`true`;
  const after = q.after ? sql`(e.sku collate "C", e.id) > (${q.after.sku} collate "C", ${q.after.id}::uuid)` : sql`true`;
  const res = (await db.execute(sql`
    with e as materialized (${evaluated(orgId, ch, f)})
    select
      (select count(*) filter (where cardinality(fails) = 0) from e)::int as included,
      (select count(*) filter (where cardinality(fails) > 0) from e)::int as excluded,
      (select coalesce(json_agg(x.item order by x.sku collate "C", x.id), '[]')::text from (
        select ${itemJson} as item, e.sku, e.id from e where ${show} and ${after}
        order by e.sku collate "C", e.id limit ${q.limit}
      ) x) as items`)) as unknown as { rows: { included: number; excluded: number; items: string }[] };
  const row = res.rows[0]!;
  return { items: JSON.parse(row.items) as c.PreviewItem[], included: Number(row.included), excluded: Number(row.excluded) };
}

/** The ids of the products the channel shows now (of `onlyIds`, when given). */
export async function includedIds(db: DbOrTx, orgId: string, ch: ChannelRow, f: RuleFacts, onlyIds?: readonly string[]): Promise<string[]> {
  const res = (await db.execute(sql`
    select e.id from (${evaluated(orgId, ch, f, onlyIds)}) e where cardinality(e.fails) = 0 order by e.sku collate "C", e.id`)) as unknown as {
    rows: { id: string }[];
  };
  return res.rows.map((r) => r.id);
}
