import type { posRoutes as c } from '@market/contracts';
import { discountOverLimit, isPosManager } from '@market/contracts/plain';
import { lockKey } from '../../db/advisory-lock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { vendorLedgerEntries } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { requestHash } from '../../lib/idempotency.js';
import { emitWebhookEvents } from '../audit/index.js';
import { publishedAmong } from '../catalog-publishing/index.js';
import { requireBaseCurrency } from '../payment-management/index.js';
import { assertMayUseRegister, discountLimitOf } from './pos-access.service.js';
import * as repo from './pos-orders.repository.js';
import {
  changeOf,
  commissionOf,
  commissionRuleFor,
  discountOf,
  priceOrder,
  type PricedOrder,
  refundAllocation,
  returnedShare,
  type TenderPayment,
} from './pos-pricing.js';

// Sales and returns. Each is one transaction: the order, its lines, payments, stock, ledger entries and the
// session's running totals commit together or not at all. The order's id is the register's own: the same id
// sent again answers the stored order (alreadyRecorded), the same id with other content is refused.

type StoredView = NonNullable<Awaited<ReturnType<typeof repo.orderView>>>;
/** An order as read back, or as just written (its payments' own ids are not shown). */
type View = Omit<StoredView, 'payments'> & { payments: Pick<repo.PaymentRow, 'tender' | 'amount' | 'change' | 'reference'>[] };

export function toOrder(v: View): c.PosOrder {
  const o = v.order;
  return {
    id: o.id,
    kind: o.kind,
    receiptNumber: o.receiptNumber,
    registerId: o.registerId,
    registerName: v.registerName,
    sessionId: o.sessionId,
    placement: o.placement,
    originalOrderId: o.originalOrderId,
    originalReceiptNumber: v.originalReceiptNumber,
    soldAt: o.soldAt.toISOString(),
    recordedAt: o.createdAt.toISOString(),
    cashierName: v.cashierName,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    note: o.note,
    subtotal: o.subtotal,
    discount: o.discount,
    tax: o.tax,
    total: o.total,
    lines: v.lines.map(({ line: l, vendorName }) => ({
      id: l.id,
      lineNo: l.lineNo,
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      nameEn: l.nameEn,
      nameAr: l.nameAr,
      vendorId: l.vendorId,
      vendorName: vendorName ?? null,
      categoryId: l.categoryId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      listPrice: l.listPrice,
      discount: l.discount,
      taxRateBasisPoints: l.taxRateBasisPoints,
      tax: l.tax,
      total: l.total,
      commission: l.commission,
      soldPastZero: l.soldPastZero,
      returnedQuantity: l.returnedQuantity,
      originalLineId: l.originalLineId,
      restocked: l.restocked,
    })),
    payments: v.payments.map((p) => ({ tender: p.tender, amount: p.amount, change: p.change, reference: p.reference })),
    returns: v.returns.map((r) => ({ id: r.id, receiptNumber: r.receiptNumber, total: r.total, soldAt: r.soldAt.toISOString() })),
  };
}

export async function loadOrder(db: DbOrTx, orgId: string, id: string): Promise<c.PosOrder> {
  const v = await repo.orderView(db, orgId, id);
  if (!v) throw notFound('Order');
  return toOrder(v);
}

/** The name staff see for the caller, as `actorName` reads it from the user row. */
export function nameOfUser(caller: Caller): string | null {
  const meta = caller.user.rawUserMetaData as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return text(meta.full_name) ?? text(meta.name) ?? caller.user.email ?? null;
}

const reusedId = () =>
  new AppError(422, 'validation_failed', 'id: was already used for another order', [
    { field: 'id', message: 'was already used for another order: a new cart gets a new id' },
  ]);

type Taken = Awaited<ReturnType<typeof repo.orderIdTaken>>;

/**
 * The stored order when its id was already recorded (`taken`: the id's organization and content hash, or null) with
 * the same content; a refusal when with other content.
 */
async function replayed(db: DbOrTx, caller: Caller, id: string, hash: string, taken: Taken): Promise<c.PosOrderRecorded | null> {
  if (!taken) return null;
  // An id of another organization is "used", and says nothing more.
  if (taken.orgId !== caller.orgId || taken.requestHash !== hash) throw reusedId();
  return { order: await loadOrder(db, caller.orgId, id), alreadyRecorded: true };
}

const replayOf = async (db: DbOrTx, caller: Caller, id: string, hash: string) =>
  replayed(db, caller, id, hash, await repo.orderIdTaken(db, id));

/**
 * Runs the write once per order id. The transaction first takes a lock on the id, so a second send of it (a retry,
 * another tab) waits for the first to finish; the write's first read, after the lock, then finds the stored order
 * and answers it (`replayed`), before any check: it never goes on to compete for the stock or the lines the first
 * one took. The primary key stays the last word: an order written anyway answers as stored.
 */
async function once(
  db: Db,
  caller: Caller,
  id: string,
  hash: string,
  write: (tx: Tx) => Promise<c.PosOrderRecorded>,
): Promise<c.PosOrderRecorded> {
  try {
    return await db.transaction(async (tx) => {
      await lockKey(tx, `pos_order:${id}`);
      return write(tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const after = await replayOf(db, caller, id, hash);
      if (after) return after;
    }
    throw err;
  }
}

interface Placement {
  sessionId: string | null;
  placement: c.PosOrder['placement'];
}

/**
 * Where an order goes, given the session it names (locked; null when it is not the register's): that session if
 * still open, else the register's open session, else held (no session).
 */
async function placeOrder(tx: Tx, registerId: string, own: { id: string; status: 'open' | 'closed' } | null): Promise<Placement> {
  if (!own) throw invalid('sessionId', 'is not a session of this register');
  if (own.status === 'open') return { sessionId: own.id, placement: 'session' };
  const open = await repo.lockOpenSession(tx, registerId);
  return open ? { sessionId: open.id, placement: 'moved' } : { sessionId: null, placement: 'held' };
}

async function registerOf(tx: Tx, caller: Caller, id: string) {
  const register = await repo.saleRegister(tx, caller.orgId, id);
  if (!register) throw invalid('registerId', 'is not a register');
  assertMayUseRegister(caller, register);
  return register;
}

/** Refuses a sale whose discounts exceed the caller's role limit (read only when the sale has a discount). */
async function assertDiscountWithinLimit(tx: Tx, caller: Caller, input: c.PosOrderCreate, priced: PricedOrder): Promise<void> {
  if (priced.discount === 0) return;
  const limit = await discountLimitOf(tx, caller);
  const over = discountOverLimit(
    limit,
    priced.lines.map((l, i) => ({ gross: l.gross, ownDiscount: discountOf(l.gross, input.lines[i]!.discount) })),
    priced.discount,
  );
  if (!over) return;
  const pct = `${(limit! / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
  throw 'line' in over
    ? invalid(`lines.${over.line}.discount`, `is more than the ${pct} your role may give`)
    : invalid('orderDiscount', `brings the discounts to more than the ${pct} your role may give`);
}

/**
 * Takes the stock of lines that name a variant, all in one statement, and answers which lines sold past zero (only
 * where the register allows negative stock). Refuses (409) when a variant has too few for its lines: the first
 * line, in the order they were given, that the stock does not cover, with what was left for it.
 */
export async function takeLineStock(
  tx: Tx,
  lines: { index: number; variantId: string; sku: string; quantity: number }[],
  allowNegative: boolean,
): Promise<Map<number, boolean>> {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
  // The statement locks the rows in id order itself, whatever order they come in.
  const takes = [...wanted].map(([variantId, quantity]) => ({ variantId, quantity }));
  const left = await repo.takeStock(tx, takes, allowNegative);
  const short = takes.find((t) => !left.has(t.variantId));
  if (short) {
    let have = await repo.stockOf(tx, short.variantId);
    const its = lines.filter((l) => l.variantId === short.variantId);
    const line =
      its.find((l) => {
        if (have < l.quantity) return true;
        have -= l.quantity;
        return false;
      }) ?? its[its.length - 1]!; // only when the stock moved since the update: the last line, with what is left now
    throw conflict(`Only ${have} of ${line.sku} in stock`, [{ field: `lines.${line.index}.quantity`, message: `only ${have} in stock` }]);
  }
  // Each variant's stock before this order, then what each of its lines leaves.
  const stock = new Map(takes.map((t) => [t.variantId, left.get(t.variantId)! + t.quantity]));
  const soldPastZero = new Map<number, boolean>();
  for (const l of lines) {
    const after = stock.get(l.variantId)! - l.quantity;
    stock.set(l.variantId, after);
    soldPastZero.set(l.index, after < 0);
  }
  return soldPastZero;
}

const occurredOn = (d: Date) => d.toISOString().slice(0, 10);

export interface VendorSums {
  total: number;
  commission: number;
}

/** Each vendor's lines summed: their total and the commission charged on them (lines without a vendor left out). */
export function sumByVendor(lines: readonly { vendorId: string | null; total: number; commission: number }[]): Map<string, VendorSums> {
  const byVendor = new Map<string, VendorSums>();
  for (const r of lines) {
    if (!r.vendorId) continue;
    const s = byVendor.get(r.vendorId) ?? { total: 0, commission: 0 };
    s.total += r.total;
    s.commission += r.commission;
    byVendor.set(r.vendorId, s);
  }
  return byVendor;
}

/** One ledger entry per vendor and kind for an order (its lines summed): a sale or return, and its commission. */
function ledgerEntries(kind: 'sale' | 'return', byVendor: Map<string, VendorSums>): repo.SaleLedgerEntry[] {
  const rows: repo.SaleLedgerEntry[] = [];
  const sale = kind === 'sale';
  for (const [vendorId, s] of byVendor) {
    if (s.total > 0) rows.push({ vendorId, entryType: sale ? 'sale' : 'sale_return', amount: sale ? -s.total : s.total });
    if (s.commission > 0)
      rows.push({ vendorId, entryType: sale ? 'commission' : 'commission_reversal', amount: sale ? s.commission : -s.commission });
  }
  return rows;
}

type SaleFacts = { id: string; kind: 'sale' | 'return'; receiptNumber: string; soldAt: Date; registerName: string };

/**
 * A sale's or a return's webhook event (decision 024), queued in the transaction that records it; `subscribed`: the
 * event types wanted, when the caller has read them already (a register's sale, with its context).
 */
function emitSaleEvent(tx: Tx, orgId: string, order: SaleFacts, byVendor: Map<string, VendorSums>, subscribed?: readonly string[]) {
  return emitWebhookEvents(
    tx,
    orgId,
    [
      {
        type: order.kind === 'sale' ? 'sale.completed' : 'sale.refunded',
        data: {
          id: order.id,
          receiptNumber: order.receiptNumber,
          register: order.registerName,
          soldAt: order.soldAt.toISOString(),
          vendors: [...byVendor].map(([vendorId, s]) => ({ vendorId, total: s.total, commission: s.commission })),
        },
      },
    ],
    { subscribed },
  );
}

/** Writes an order's ledger entries (a return's, a completed customer order's); a register's sale writes them with the order. */
export async function writeLedger(tx: Tx, caller: Caller, order: SaleFacts, byVendor: Map<string, VendorSums>): Promise<void> {
  await emitSaleEvent(tx, caller.orgId, order, byVendor);
  const entries = ledgerEntries(order.kind, byVendor);
  if (!entries.length) return;
  const currency = await requireBaseCurrency(tx, caller.orgId);
  await tx.insert(vendorLedgerEntries).values(
    entries.map((e) => ({
      ...e,
      orgId: caller.orgId,
      invoiceId: null,
      sourceType: 'pos_order',
      sourceId: order.id,
      currency: currency.code,
      occurredOn: occurredOn(order.soldAt),
      memo: `${order.registerName} ${order.receiptNumber}`,
      createdBy: caller.userId,
    })),
  );
}

const add = (
  m: Map<string, repo.TotalsRow>,
  sessionId: string,
  dimension: repo.TotalsRow['dimension'],
  key: string,
  d: Partial<repo.TotalsRow>,
) => {
  const id = `${dimension}\u0000${key}`;
  const row = m.get(id) ?? { sessionId, dimension, key, sold: 0, returned: 0, commission: 0, change: 0, taxable: 0, tax: 0 };
  for (const k of ['sold', 'returned', 'commission', 'change', 'taxable', 'tax'] as const) row[k] = (row[k] ?? 0) + (d[k] ?? 0);
  m.set(id, row);
};

export async function recordOrder(db: Db, caller: Caller, input: c.PosOrderCreate): Promise<c.PosOrderRecorded> {
  const hash = requestHash(input);
  return once(db, caller, input.id, hash, async (tx) => {
    // The register, the sale's session (locked), the lines' products, the commission rules and the base currency,
    // read together (decision 018: a sale is a few round trips, however many lines it has).
    const context = await repo.saleContext(
      tx,
      caller.orgId,
      input.id,
      input.registerId,
      input.sessionId,
      [...new Set(input.lines.map((l) => l.productId))],
      [...new Set(input.lines.flatMap((l) => (l.variantId ? [l.variantId] : [])))],
      { userId: caller.userId, manager: isPosManager(caller.access.effectiveRole) },
    );
    const stored = await replayed(tx, caller, input.id, hash, context.taken);
    if (stored) return stored;
    const { register, session } = context;
    if (!register) throw invalid('registerId', 'is not a register');
    assertMayUseRegister(caller, register);
    if (register.status !== 'active')
      throw conflict('This register is archived: it takes no sales', [{ field: 'registerId', message: 'is archived' }]);
    const place = await placeOrder(tx, register.id, session);

    const lines = input.lines.map((l, i) => {
      const p = context.products.get(l.productId);
      if (!p) throw invalid(`lines.${i}.productId`, 'is not a product of this organization');
      const v = l.variantId ? context.variants.get(l.variantId) : null;
      if (l.variantId && (!v || v.productId !== p.id)) throw invalid(`lines.${i}.variantId`, 'is not a variant of this product');
      return { input: l, product: p, variant: v ?? null };
    });
    if (register.channelId) {
      // A register that sells a channel sells only what the channel's latest snapshot holds (decision 021).
      const published = await publishedAmong(tx, register.channelId, [...context.products.keys()]);
      const i = input.lines.findIndex((l) => !published.has(l.productId));
      if (i >= 0) throw invalid(`lines.${i}.productId`, "is not published in this register's channel");
    }
    for (const [i, payment] of input.payments.entries())
      if (!register.tenders.includes(payment.tender))
        throw invalid(`payments.${i}.tender`, `is not a tender this register takes (${register.tenders.join(', ')})`);

    const priced = priceOrder(
      lines.map((l) => ({
        quantity: l.input.quantity,
        unitPrice: l.input.unitPrice,
        discount: l.input.discount,
        taxRateBasisPoints: l.product.taxRate,
      })),
      input.orderDiscount,
    );
    await assertDiscountWithinLimit(tx, caller, input, priced);
    const paid = changeOf(input.payments, priced.total);
    if ('short' in paid) throw invalid('payments', `pay ${priced.total} in all: ${paid.short} is still due`);
    if ('overpaidWithoutCash' in paid)
      throw invalid('payments', `only cash gives change: the payments exceed the total by ${paid.overpaidWithoutCash}`);

    const soldPastZero = await takeLineStock(
      tx,
      lines.flatMap((l, i) => (l.variant ? [{ index: i, variantId: l.variant.id, sku: l.variant.sku, quantity: l.input.quantity }] : [])),
      register.allowNegativeStock,
    );

    const rules = context.rules;
    const soldAt = new Date(input.soldAt);
    // Every value of the rows is set here (ids and times included) but the receipt number, so they are written in
    // one statement that reads back only that number and the lines' ids (repo.insertSale).
    const orderRow: Omit<repo.OrderRow, 'receiptNumber'> = {
      id: input.id,
      orgId: caller.orgId,
      kind: 'sale',
      registerId: register.id,
      sessionId: place.sessionId,
      placement: place.placement,
      originalOrderId: null,
      requestHash: hash,
      soldAt,
      createdAt: new Date(),
      cashierId: caller.userId,
      customerName: input.customerName ?? '',
      customerEmail: input.customerEmail ?? '',
      note: input.note ?? '',
      subtotal: priced.subtotal,
      discount: priced.discount,
      tax: priced.tax,
      total: priced.total,
      vendorIds: [...new Set(lines.flatMap((l) => (l.product.vendorId ? [l.product.vendorId] : [])))],
      tenders: [...new Set(input.payments.map((p) => p.tender))],
    };
    const rows: Omit<repo.LineRow, 'id'>[] = lines.map((l, i) => {
      const pr = priced.lines[i]!;
      const rule = commissionRuleFor(rules, l.product.vendorId, l.product.categoryIds);
      return {
        orgId: caller.orgId,
        orderId: input.id,
        lineNo: i + 1,
        productId: l.product.id,
        variantId: l.variant?.id ?? null,
        sku: l.variant?.sku ?? l.product.sku,
        nameEn: l.product.nameEn,
        nameAr: l.product.nameAr,
        vendorId: l.product.vendorId,
        categoryId: l.product.categoryIds[0] ?? null,
        soldAt,
        kind: 'sale' as const,
        quantity: l.input.quantity,
        unitPrice: l.input.unitPrice,
        listPrice: l.variant?.price ?? l.product.price,
        discount: pr.discount,
        taxRateBasisPoints: l.product.taxRate,
        tax: pr.tax,
        total: pr.total,
        commission: commissionOf(rule, pr.total),
        commissionRuleId: rule?.id ?? null,
        soldPastZero: soldPastZero.get(i) ?? false,
        originalLineId: null,
        returnedQuantity: 0,
        restocked: false,
      };
    });
    const paymentRows: Omit<repo.PaymentRow, 'id'>[] = input.payments.map((p, i) => ({
      orgId: caller.orgId,
      orderId: input.id,
      position: i + 1,
      tender: p.tender,
      amount: p.amount,
      change: paid.change[i]!,
      reference: p.reference ?? '',
    }));

    const byVendor = sumByVendor(rows);
    const ledger = ledgerEntries('sale', byVendor);
    const currency = ledger.length ? (context.currency ?? (await requireBaseCurrency(tx, caller.orgId)).code) : null;
    const totals = new Map<string, repo.TotalsRow>();
    let sessionDelta: repo.SessionDelta = {};
    if (place.sessionId) {
      const sid = place.sessionId;
      const cashNet = input.payments.reduce((a, p, i) => a + (p.tender === 'cash' ? p.amount - paid.change[i]! : 0), 0);
      sessionDelta = { saleCount: 1, grossSales: priced.total, discounts: priced.discount, taxes: priced.tax, cashSales: cashNet };
      input.payments.forEach((p, i) => add(totals, sid, 'tender', p.tender, { sold: p.amount, change: paid.change[i]! }));
      for (const r of rows) {
        add(totals, sid, 'vendor', r.vendorId ?? '', { sold: r.total, commission: r.commission });
        add(totals, sid, 'category', r.categoryId ?? '', { sold: r.total });
        add(totals, sid, 'tax', String(r.taxRateBasisPoints), { taxable: r.total - r.tax, tax: r.tax });
      }
    }
    const { receiptNumber, lineIds } = await repo.insertSale(tx, {
      order: orderRow,
      lines: rows,
      payments: paymentRows,
      ledger,
      currency,
      memo: register.name,
      session: sessionDelta,
      totals: [...totals.values()],
    });
    const sale: SaleFacts = { id: input.id, kind: 'sale', receiptNumber, soldAt, registerName: register.name };
    await emitSaleEvent(tx, caller.orgId, sale, byVendor, context.webhookTypes);

    // The answer from what was just written (as loadOrder would read it back), without reading it again.
    const vendorNames = new Map(lines.map((l) => [l.product.vendorId, l.product.vendorName]));
    const order = toOrder({
      order: { ...orderRow, receiptNumber },
      registerName: register.name,
      cashierName: nameOfUser(caller),
      lines: rows.map((line) => ({ line: { ...line, id: lineIds.get(line.lineNo)! }, vendorName: vendorNames.get(line.vendorId) ?? null })),
      payments: paymentRows,
      returns: [],
      originalReceiptNumber: null,
    });
    return { order, alreadyRecorded: false };
  });
}

export async function recordReturn(db: Db, caller: Caller, saleId: string, input: c.PosOrderReturn): Promise<c.PosOrderRecorded> {
  const hash = requestHash({ saleId, ...input });
  return once(db, caller, input.id, hash, async (tx) => {
    const stored = await replayOf(tx, caller, input.id, hash);
    if (stored) return stored;
    const sale = await repo.findOrder(tx, caller.orgId, saleId);
    if (!sale || sale.kind !== 'sale') throw notFound('Sale');
    const register = await registerOf(tx, caller, input.registerId);
    const refundTo = input.refundTo ?? 'original';
    if (refundTo === 'cash' && !register.tenders.includes('cash')) throw invalid('refundTo', 'this register takes no cash');
    const place = await placeOrder(tx, register.id, await repo.lockSaleSession(tx, caller.orgId, register.id, input.sessionId));

    const saleLines = await repo.lockLines(tx, sale.id);
    const asked = new Map<string, number>();
    const picked = input.lines.map((l, i) => {
      const line = saleLines.find((s) => s.id === l.lineId);
      if (!line) throw invalid(`lines.${i}.lineId`, 'is not a line of this sale');
      const already = line.returnedQuantity + (asked.get(line.id) ?? 0);
      if (l.quantity > line.quantity - already)
        throw conflict(`At most ${line.quantity - already} of ${line.sku} can still be returned`, [
          { field: `lines.${i}.quantity`, message: `at most ${line.quantity - already} can still be returned` },
        ]);
      asked.set(line.id, (asked.get(line.id) ?? 0) + l.quantity);
      const returnedBefore = already;
      return {
        line,
        quantity: l.quantity,
        restock: l.restock ?? false,
        total: returnedShare(line.total, line.quantity, returnedBefore, l.quantity),
        tax: returnedShare(line.tax, line.quantity, returnedBefore, l.quantity),
        discount: returnedShare(line.discount, line.quantity, returnedBefore, l.quantity),
        commission: returnedShare(line.commission, line.quantity, returnedBefore, l.quantity),
      };
    });
    const total = picked.reduce((a, p) => a + p.total, 0);

    // Refunds go back to the sale's tenders, each up to what it took net of change and of earlier refunds.
    const earlier = await repo.paymentsOf(tx, [sale.id]);
    const available: TenderPayment[] = earlier.map((p) => ({ tender: p.tender, amount: p.amount - p.change }));
    const returnIds = (await repo.orderView(tx, caller.orgId, sale.id))!.returns.map((r) => r.id);
    for (const r of await repo.paymentsOf(tx, returnIds)) {
      let left = r.amount;
      for (const a of available) {
        if (a.tender !== r.tender || left <= 0) continue;
        const take = Math.min(left, a.amount);
        a.amount -= take;
        left -= take;
      }
    }
    const refunds = refundAllocation(total, refundTo, available);
    for (const r of refunds)
      if (!register.tenders.includes(r.tender)) throw invalid('refundTo', `this register takes no ${r.tender}: refund in cash`);

    for (const p of picked) await repo.addReturned(tx, p.line.id, p.quantity);
    await repo.putBackStock(
      tx,
      picked.flatMap((p) => (p.restock && p.line.variantId ? [{ variantId: p.line.variantId, quantity: p.quantity }] : [])),
    );
    const receiptNumber = await repo.nextReceiptNumber(tx, caller.orgId, register.id);
    const soldAt = new Date();
    await repo.insertOrder(tx, {
      id: input.id,
      orgId: caller.orgId,
      kind: 'return',
      registerId: register.id,
      sessionId: place.sessionId,
      placement: place.placement,
      originalOrderId: sale.id,
      receiptNumber,
      requestHash: hash,
      soldAt,
      cashierId: caller.userId,
      customerName: sale.customerName,
      customerEmail: sale.customerEmail,
      note: input.reason ?? '',
      subtotal: picked.reduce((a, p) => a + p.total + p.discount, 0),
      discount: picked.reduce((a, p) => a + p.discount, 0),
      tax: picked.reduce((a, p) => a + p.tax, 0),
      total,
      vendorIds: [...new Set(picked.flatMap((p) => (p.line.vendorId ? [p.line.vendorId] : [])))],
      tenders: [...new Set(refunds.map((r) => r.tender))],
    });
    const rows = picked.map((p, i) => ({
      orgId: caller.orgId,
      orderId: input.id,
      lineNo: i + 1,
      productId: p.line.productId,
      variantId: p.line.variantId,
      sku: p.line.sku,
      nameEn: p.line.nameEn,
      nameAr: p.line.nameAr,
      vendorId: p.line.vendorId,
      categoryId: p.line.categoryId,
      soldAt,
      kind: 'return' as const,
      quantity: p.quantity,
      unitPrice: p.line.unitPrice,
      listPrice: p.line.listPrice,
      discount: p.discount,
      taxRateBasisPoints: p.line.taxRateBasisPoints,
      tax: p.tax,
      total: p.total,
      commission: p.commission,
      commissionRuleId: p.line.commissionRuleId,
      originalLineId: p.line.id,
      restocked: p.restock && !!p.line.variantId,
    }));
    await repo.insertLines(tx, rows);
    await repo.insertPayments(
      tx,
      refunds.map((r, i) => ({
        orgId: caller.orgId,
        orderId: input.id,
        position: i + 1,
        tender: r.tender,
        amount: r.amount,
        change: 0,
        reference: '',
      })),
    );
    await writeLedger(tx, caller, { id: input.id, kind: 'return', receiptNumber, soldAt, registerName: register.name }, sumByVendor(rows));

    if (place.sessionId) {
      const sid = place.sessionId;
      const cashOut = refunds.filter((r) => r.tender === 'cash').reduce((a, r) => a + r.amount, 0);
      const tax = rows.reduce((a, r) => a + r.tax, 0);
      await repo.addToSession(tx, sid, { returnCount: 1, returns: total, taxes: -tax, cashSales: -cashOut });
      const totals = new Map<string, repo.TotalsRow>();
      for (const r of refunds) add(totals, sid, 'tender', r.tender, { returned: r.amount });
      for (const r of rows) {
        add(totals, sid, 'vendor', r.vendorId ?? '', { returned: r.total, commission: -r.commission });
        add(totals, sid, 'category', r.categoryId ?? '', { returned: r.total });
        add(totals, sid, 'tax', String(r.taxRateBasisPoints), { taxable: -(r.total - r.tax), tax: -r.tax });
      }
      await repo.addToTotals(tx, [...totals.values()]);
    }
    return { order: await loadOrder(tx, caller.orgId, input.id), alreadyRecorded: false };
  });
}
