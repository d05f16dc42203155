import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { uuidArray } from '../../db/text-list.js';

// The consistency check recomputes every figure from the documents (lines, allocations, refunds,
// adjustments) and compares it with the ledger: each query reads one organization.

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(r: Rows<T>): T[] => (Array.isArray(r) ? r : r.rows);
const num = (v: unknown) => Number(v ?? 0);
/** An extra condition limiting a check to one vendor's documents. */
const ofVendor = (column: string, vendorId?: string) => (vendorId ? sql`and ${sql.raw(column)} = ${vendorId}` : sql``);
const ofVendorInvoice = (column: string, vendorId?: string) =>
  vendorId ? sql`and ${sql.raw(column)} in (select v.id from invoices v where v.vendor_id = ${vendorId})` : sql``;

export interface InvoiceFigures {
  id: string;
  number: string | null;
  status: string;
  vendorId: string;
  lines: number;
  allocated: number;
  refunds: number;
  adjustments: number;
  charged: number;
  paid: number;
  refunded: number;
  adjusted: number;
  cancelled: number;
  ledgerSum: number;
  viewBalance: number;
}

/** Per invoice: what its documents say, and what its ledger entries and the view say. */
export async function invoiceFigures(db: DbOrTx, orgId: string, vendorId?: string): Promise<InvoiceFigures[]> {
  const res = await db.execute(sql`
    select i.id, i.number, i.status, i.vendor_id,
      coalesce((select sum(l.amount) from invoice_lines l where l.invoice_id = i.id), 0) as lines,
      coalesce((select sum(a.amount) from payment_allocations a where a.invoice_id = i.id), 0) as allocated,
      coalesce((select sum(r.amount) from refunds r where r.invoice_id = i.id), 0) as refunds,
      coalesce((select sum(d.amount) from invoice_adjustments d where d.invoice_id = i.id), 0) as adjustments,
      coalesce((select sum(e.amount) from vendor_ledger_entries e where e.invoice_id = i.id and e.entry_type = 'charge'), 0) as charged,
      coalesce((select -sum(e.amount) from vendor_ledger_entries e where e.invoice_id = i.id and e.entry_type = 'payment'), 0) as paid,
      coalesce((select sum(e.amount) from vendor_ledger_entries e where e.invoice_id = i.id and e.entry_type = 'refund'), 0) as refunded,
      coalesce((select -sum(e.amount) from vendor_ledger_entries e where e.invoice_id = i.id and e.entry_type in ('waiver', 'discount', 'credit')), 0) as adjusted,
      coalesce((select -sum(e.amount) from vendor_ledger_entries e where e.invoice_id = i.id and e.entry_type = 'cancellation'), 0) as cancelled,
      coalesce((select sum(e.amount) from vendor_ledger_entries e where e.invoice_id = i.id), 0) as ledger_sum
    from invoices i
    where i.org_id = ${orgId} ${ofVendor('i.vendor_id', vendorId)}
    order by i.created_at, i.id`);
  const rows = rowsOf(res as Rows<Record<string, unknown>>);
  // The view is read by invoice ids (pushed into its grouping), never joined: see invoices.repository.ts.
  const view = rowsOf(
    (await db.execute(
      sql`select invoice_id, balance from invoice_balances where invoice_id = any(${uuidArray(rows.map((r) => String(r.id)))})`,
    )) as Rows<Record<string, unknown>>,
  );
  const viewBalance = new Map(view.map((v) => [String(v.invoice_id), num(v.balance)]));
  return rows.map((r) => ({
    id: String(r.id),
    number: (r.number as string | null) ?? null,
    status: String(r.status),
    vendorId: String(r.vendor_id),
    lines: num(r.lines),
    allocated: num(r.allocated),
    refunds: num(r.refunds),
    adjustments: num(r.adjustments),
    charged: num(r.charged),
    paid: num(r.paid),
    refunded: num(r.refunded),
    adjusted: num(r.adjusted),
    cancelled: num(r.cancelled),
    ledgerSum: num(r.ledger_sum),
    viewBalance: viewBalance.get(String(r.id)) ?? Number.NaN,
  }));
}

export interface PaymentFigures {
  id: string;
  receiptNumber: string | null;
  amount: number;
  allocated: number;
  ledger: number;
}

export async function paymentFigures(db: DbOrTx, orgId: string, vendorId?: string): Promise<PaymentFigures[]> {
  const res = await db.execute(sql`
    select p.id, p.receipt_number, p.amount,
      coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0) as allocated,
      coalesce((select -sum(e.amount) from vendor_ledger_entries e join payment_allocations a
        on e.source_type = 'payment_allocation' and e.source_id = a.id where a.payment_id = p.id and e.entry_type = 'payment'), 0) as ledger
    from payments p where p.org_id = ${orgId} ${ofVendor('p.vendor_id', vendorId)}
    order by p.created_at, p.id`);
  return rowsOf(res as Rows<Record<string, unknown>>).map((r) => ({
    id: String(r.id),
    receiptNumber: (r.receipt_number as string | null) ?? null,
    amount: num(r.amount),
    allocated: num(r.allocated),
    ledger: num(r.ledger),
  }));
}

export interface DocumentEntryFigures {
  kind: 'refund' | 'adjustment';
  id: string;
  /** The number of the invoice it is on. */
  invoiceNumber: string | null;
  amount: number;
  ledger: number;
  entries: number;
}

/** Each refund and adjustment with the entries that name it (exactly one, of the opposite sign for adjustments). */
export async function documentEntryFigures(db: DbOrTx, orgId: string, vendorId?: string): Promise<DocumentEntryFigures[]> {
  const res = await db.execute(sql`
    select 'refund' as kind, r.id, (select v.number from invoices v where v.id = r.invoice_id and v.org_id = r.org_id) as invoice_number, r.amount,
      coalesce((select sum(e.amount) from vendor_ledger_entries e where e.source_type = 'refund' and e.source_id = r.id and e.entry_type = 'refund' and e.invoice_id = r.invoice_id), 0) as ledger,
      (select count(*) from vendor_ledger_entries e where e.source_type = 'refund' and e.source_id = r.id) as entries
    from refunds r where r.org_id = ${orgId} ${ofVendorInvoice('r.invoice_id', vendorId)}
    union all
    select 'adjustment', d.id, (select v.number from invoices v where v.id = d.invoice_id and v.org_id = d.org_id), d.amount,
      coalesce((select -sum(e.amount) from vendor_ledger_entries e where e.source_type = 'invoice_adjustment' and e.source_id = d.id and e.entry_type = d.kind and e.invoice_id = d.invoice_id), 0),
      (select count(*) from vendor_ledger_entries e where e.source_type = 'invoice_adjustment' and e.source_id = d.id)
    from invoice_adjustments d where d.org_id = ${orgId} ${ofVendorInvoice('d.invoice_id', vendorId)}`);
  return rowsOf(res as Rows<Record<string, unknown>>).map((r) => ({
    kind: r.kind as 'refund' | 'adjustment',
    id: String(r.id),
    invoiceNumber: (r.invoice_number as string | null) ?? null,
    amount: num(r.amount),
    ledger: num(r.ledger),
    entries: num(r.entries),
  }));
}

/** Entries whose source document is missing, of another organization, vendor or invoice, or of an unknown type. */
export async function orphanEntries(
  db: DbOrTx,
  orgId: string,
  vendorId?: string,
): Promise<{ id: string; sourceType: string; amount: number; invoiceNumber: string | null }[]> {
  const res = await db.execute(sql`
    select e.id, e.source_type, e.amount, (select v.number from invoices v where v.id = e.invoice_id and v.org_id = e.org_id) as invoice_number
    from vendor_ledger_entries e
    where e.org_id = ${orgId} ${ofVendor('e.vendor_id', vendorId)} and not (
      (e.source_type = 'invoice_line' and e.entry_type = 'charge' and exists (select 1 from invoice_lines l join invoices i on i.id = l.invoice_id
        where l.id = e.source_id and l.invoice_id = e.invoice_id and i.org_id = e.org_id and i.vendor_id = e.vendor_id and i.number is not null))
      or (e.source_type = 'payment_allocation' and e.entry_type = 'payment' and exists (select 1 from payment_allocations a join payments p on p.id = a.payment_id
        where a.id = e.source_id and a.invoice_id = e.invoice_id and p.org_id = e.org_id and p.vendor_id = e.vendor_id))
      or (e.source_type = 'refund' and e.entry_type = 'refund' and exists (select 1 from refunds r join invoices i on i.id = r.invoice_id
        where r.id = e.source_id and r.invoice_id = e.invoice_id and i.org_id = e.org_id and i.vendor_id = e.vendor_id))
      or (e.source_type = 'invoice_adjustment' and e.entry_type in ('waiver', 'discount', 'credit') and exists (select 1 from invoice_adjustments d
        join invoices i on i.id = d.invoice_id where d.id = e.source_id and d.invoice_id = e.invoice_id and i.org_id = e.org_id and i.vendor_id = e.vendor_id))
      or (e.source_type = 'invoice' and e.entry_type = 'cancellation' and exists (select 1 from invoices i
        where i.id = e.source_id and i.id = e.invoice_id and i.org_id = e.org_id and i.vendor_id = e.vendor_id and i.status = 'cancelled'))
      or (e.source_type = 'pos_order' and e.invoice_id is null and e.entry_type in ('sale', 'commission', 'sale_return', 'commission_reversal')
        and exists (select 1 from pos_orders o where o.id = e.source_id and o.org_id = e.org_id and e.vendor_id = any(o.vendor_ids)
          and (o.kind = 'sale') = (e.entry_type in ('sale', 'commission'))))
      or (e.source_type = 'vendor_payout' and e.entry_type = 'payout' and e.invoice_id is null and exists (select 1 from vendor_payouts p
        where p.id = e.source_id and p.org_id = e.org_id and p.vendor_id = e.vendor_id and p.amount = e.amount))
    )
    order by e.seq`);
  return rowsOf(res as Rows<Record<string, unknown>>).map((r) => ({
    id: String(r.id),
    sourceType: String(r.source_type),
    amount: num(r.amount),
    invoiceNumber: (r.invoice_number as string | null) ?? null,
  }));
}

/** Per point-of-sale order and vendor: its lines' totals and commission, and what the ledger holds for them. */
export async function posOrderFigures(db: DbOrTx, orgId: string, vendorId?: string) {
  const res = await db.execute(sql`
    select o.id, o.receipt_number, l.vendor_id, sum(l.total) as total, sum(l.commission) as commission,
      coalesce((select sum(abs(e.amount)) from vendor_ledger_entries e where e.source_type = 'pos_order' and e.source_id = o.id
        and e.vendor_id = l.vendor_id and e.entry_type in ('sale', 'sale_return')), 0) as ledger_total,
      coalesce((select sum(abs(e.amount)) from vendor_ledger_entries e where e.source_type = 'pos_order' and e.source_id = o.id
        and e.vendor_id = l.vendor_id and e.entry_type in ('commission', 'commission_reversal')), 0) as ledger_commission
    from pos_orders o join pos_order_lines l on l.order_id = o.id
    where o.org_id = ${orgId} and l.vendor_id is not null ${ofVendor('l.vendor_id', vendorId)}
    group by o.id, o.receipt_number, l.vendor_id
    order by o.id`);
  return rowsOf(res as Rows<Record<string, unknown>>).map((r) => ({
    id: String(r.id),
    receiptNumber: String(r.receipt_number),
    total: num(r.total),
    commission: num(r.commission),
    ledgerTotal: num(r.ledger_total),
    ledgerCommission: num(r.ledger_commission),
  }));
}

export async function entryCount(db: DbOrTx, orgId: string, vendorId?: string): Promise<number> {
  const res = await db.execute(
    sql`select count(*) as n from vendor_ledger_entries where org_id = ${orgId} ${ofVendor('vendor_id', vendorId)}`,
  );
  return num(rowsOf(res as Rows<Record<string, unknown>>)[0]?.n);
}
