import type { posRoutes as c } from '@market/contracts';
import { POS_LIMITS } from '@market/contracts/plain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotSql } from '../../db/hot-query.js';
import type { Caller } from '../../lib/api-route.js';
import { addDays } from '../../lib/dates.js';
import { invalid } from '../../lib/errors.js';
import { formatMinor } from '../../lib/spreadsheet.js';
import { baseCurrency } from '../payment-management/index.js';

// Sales over a range grouped by one dimension, with a period to compare with (asked for, else the period of the same
// length just before). Line-based groups (day, hour, vendor, category, product) read pos_order_lines alone, by
// (org, sold_at) or (org, vendor, sold_at); register and tender read the orders and their payments. Days are UTC days.

interface Figures {
  key: string;
  labelEn: string;
  labelAr: string;
  orders: number;
  gross: number;
  returns: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

function groupSql(g: c.SalesReportQuery['groupBy']): { key: SQL; en: SQL; ar: SQL; join: SQL } {
  switch (g) {
    case 'day':
      return { key: sql`to_char(l.sold_at at time zone 'UTC', 'YYYY-MM-DD')`, en: sql`''`, ar: sql`''`, join: sql`` };
    case 'hour':
      return { key: sql`to_char(l.sold_at at time zone 'UTC', 'HH24')`, en: sql`''`, ar: sql`''`, join: sql`` };
    case 'vendor':
      return {
        key: sql`coalesce(l.vendor_id::text, '')`,
        en: sql`coalesce(v.public_name, '')`,
        ar: sql`coalesce(v.public_name, '')`,
        join: sql`left join vendors v on v.id = l.vendor_id`,
      };
    case 'category':
      return {
        key: sql`coalesce(l.category_id::text, '')`,
        en: sql`coalesce(k.name_en, '')`,
        ar: sql`coalesce(k.name_ar, '')`,
        join: sql`left join catalog_categories k on k.id = l.category_id`,
      };
    case 'product':
      return { key: sql`l.sku`, en: sql`min(l.name_en)`, ar: sql`min(l.name_ar)`, join: sql`` };
    default:
      throw new Error(`not a line group: ${g}`);
  }
}

async function figures(db: Db, orgId: string, q: c.SalesReportQuery, from: string, to: string): Promise<Figures[]> {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${addDays(to, 1)}T00:00:00Z`);
  let rows: Record<string, unknown>[];
  if (q.groupBy === 'register' || q.groupBy === 'tender') {
    const byRegister = q.groupBy === 'register';
    const vendor = q.vendorId ? sql`and o.vendor_ids @> array[${q.vendorId}]::uuid[]` : sql``;
    const register = q.registerId ? sql`and o.register_id = ${q.registerId}` : sql``;
    rows = byRegister
      ? await hotSql(
          db,
          sql`
          select o.register_id::text as key, r.name as label_en, r.name as label_ar,
            count(*) filter (where o.kind = 'sale') as orders,
            coalesce(sum(o.total) filter (where o.kind = 'sale'), 0) as gross,
            coalesce(sum(o.total) filter (where o.kind = 'return'), 0) as returns
          from pos_orders o join pos_registers r on r.id = o.register_id
          where o.org_id = ${orgId} and o.sold_at >= ${start} and o.sold_at < ${end} ${vendor} ${register}
          group by o.register_id, r.name`,
        )
      : await hotSql(
          db,
          sql`
          select p.tender as key, p.tender as label_en, p.tender as label_ar,
            count(distinct o.id) filter (where o.kind = 'sale') as orders,
            coalesce(sum(p.amount - p.change) filter (where o.kind = 'sale'), 0) as gross,
            coalesce(sum(p.amount) filter (where o.kind = 'return'), 0) as returns
          from pos_orders o join pos_order_payments p on p.order_id = o.id
          where o.org_id = ${orgId} and o.sold_at >= ${start} and o.sold_at < ${end} ${vendor} ${register}
          group by p.tender`,
        );
  } else {
    const g = groupSql(q.groupBy);
    const vendor = q.vendorId ? sql`and l.vendor_id = ${q.vendorId}` : sql``;
    const register = q.registerId
      ? sql`and exists (select 1 from pos_orders o where o.id = l.order_id and o.register_id = ${q.registerId})`
      : sql``;
    const groupBy = q.groupBy === 'product' ? sql`1` : sql`1, 2, 3`;
    rows = await hotSql(
      db,
      sql`
      select ${g.key} as key, ${g.en} as label_en, ${g.ar} as label_ar,
        count(distinct l.order_id) filter (where l.kind = 'sale') as orders,
        coalesce(sum(l.total) filter (where l.kind = 'sale'), 0) as gross,
        coalesce(sum(l.total) filter (where l.kind = 'return'), 0) as returns
      from pos_order_lines l ${g.join}
      where l.org_id = ${orgId} and l.sold_at >= ${start} and l.sold_at < ${end} ${vendor} ${register}
      group by ${groupBy}`,
    );
  }
  return rows.map((r) => ({
    key: String(r.key),
    labelEn: String(r.label_en ?? ''),
    labelAr: String(r.label_ar ?? ''),
    orders: Number(r.orders),
    gross: Number(r.gross),
    returns: Number(r.returns),
  }));
}

const sum = (rows: Figures[]) => {
  const gross = rows.reduce((a, r) => a + r.gross, 0);
  const returns = rows.reduce((a, r) => a + r.returns, 0);
  return { orders: rows.reduce((a, r) => a + r.orders, 0), gross, returns, net: gross - returns };
};

/**
 * The period a report is compared with: the one asked for (the same days of last week or last month, as the report
 * screen's presets ask), else the period of the same length just before. A period asked for is whole, in range and
 * before the report's own.
 */
function comparedPeriod(q: c.SalesReportQuery, days: number): { previousFrom: string; previousTo: string } {
  const { compareFrom, compareTo } = q;
  if (compareFrom === undefined && compareTo === undefined) {
    const previousTo = addDays(q.from, -1);
    return { previousFrom: addDays(previousTo, -(days - 1)), previousTo };
  }
  if (compareFrom === undefined) throw invalid('query.compareFrom', 'is needed with compareTo');
  if (compareTo === undefined) throw invalid('query.compareTo', 'is needed with compareFrom');
  if (compareFrom > compareTo) throw invalid('query.compareTo', 'must be on or after compareFrom');
  if (compareTo >= q.from) throw invalid('query.compareTo', 'must be before from');
  if (daysBetween(compareFrom, compareTo) > POS_LIMITS.reportDays)
    throw invalid('query.compareTo', `a period covers at most ${POS_LIMITS.reportDays} days`);
  return { previousFrom: compareFrom, previousTo: compareTo };
}

export async function salesReport(db: Db, caller: Caller, q: c.SalesReportQuery): Promise<c.SalesReport> {
  if (q.from > q.to) throw invalid('to', 'must be on or after from');
  const days = daysBetween(q.from, q.to);
  if (days > POS_LIMITS.reportDays) throw invalid('to', `a report covers at most ${POS_LIMITS.reportDays} days`);
  const { previousFrom, previousTo } = comparedPeriod(q, days);
  const [now, before] = await Promise.all([
    figures(db, caller.orgId, q, q.from, q.to),
    figures(db, caller.orgId, q, previousFrom, previousTo),
  ]);
  const prev = new Map(before.map((r) => [r.key, r.gross - r.returns]));
  const ordered =
    q.groupBy === 'day' || q.groupBy === 'hour'
      ? now.sort((a, b) => a.key.localeCompare(b.key))
      : now.sort((a, b) => b.gross - b.returns - (a.gross - a.returns));
  return {
    groupBy: q.groupBy,
    from: q.from,
    to: q.to,
    previousFrom,
    previousTo,
    rows: ordered.map((r) => ({ ...r, net: r.gross - r.returns, previousNet: prev.get(r.key) ?? 0 })),
    totals: sum(now),
    previousTotals: sum(before),
  };
}

/**
 * The report's rows for a file: the group (key and labels), its figures and the previous period's net, then the
 * totals and the compared period's totals.
 */
export async function salesReportRows(db: Db, caller: Caller, q: c.SalesReportExportQuery): Promise<string[][]> {
  const { format: _format, ...query } = q;
  const report = await salesReport(db, caller, query);
  const currency = await baseCurrency(db, caller.orgId);
  const m = (n: number) => formatMinor(n, currency?.minorDigits ?? 2);
  const head = [report.groupBy, 'label_en', 'label_ar', 'orders', 'gross', 'returns', 'net', 'previous_net', 'currency'];
  type Figures = c.SalesReport['totals'];
  const line = (key: string, labelEn: string, labelAr: string, f: Figures, previousNet: string) => [
    key,
    labelEn,
    labelAr,
    String(f.orders),
    m(f.gross),
    m(f.returns),
    m(f.net),
    previousNet,
    currency?.code ?? '',
  ];
  const rows = report.rows.map((r) => line(r.key, r.labelEn, r.labelAr, r, m(r.previousNet)));
  const { totals, previousTotals } = report;
  const total = line('total', `${report.from} – ${report.to}`, '', totals, m(previousTotals.net));
  // The period previous_net belongs to, with its own totals, so the file says what it was compared with.
  const previous = line('previous_total', `${report.previousFrom} – ${report.previousTo}`, '', previousTotals, '');
  return [head, ...rows, total, previous];
}
