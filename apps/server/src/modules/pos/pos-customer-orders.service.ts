import type { posRoutes as c } from '@market/contracts';
import { CUSTOMER_ORDER_NEXT, customerOrderTakesPayments, discountOverLimit, POS_LIMITS } from '@market/contracts/plain';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { customerOrderLines, customerOrderPayments, customerOrders, posRegisters, users } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/like-pattern.js';
import { recordAudit } from '../audit/index.js';
import { publishedAmong } from '../catalog-publishing/index.js';
import { assertMayUseRegister, discountLimitOf } from './pos-access.service.js';
import * as repo from './pos-orders.repository.js';
import { cursorOf, decodeCursor } from './pos-orders.read.js';
import { nameOfUser, sumByVendor, takeLineStock, writeLedger } from './pos-orders.service.js';
import { commissionOf, commissionRuleFor, discountOf, priceOrder } from './pos-pricing.js';
import { expectedCashOf, recordCashMove } from './pos-sessions.service.js';

// Customer orders (decision 019): taken by staff for pickup or delivery. A draft is priced from the catalogue
// and edited freely; confirming takes its stock; payments are taken while confirmed or ready (cash goes into the
// register's open drawer as a cash move); completing it, paid in full, records the sale at its register in one
// transaction (lines with commission, payments, vendor ledger), outside any session; cancelling puts the stock
// back and refunds what was paid. Every write locks the order row, so two screens never both move it on.

type OrderRow = typeof customerOrders.$inferSelect;
type Register = NonNullable<Awaited<ReturnType<typeof repo.findRegister>>>;
type LineRow = typeof customerOrderLines.$inferSelect;
type Event = OrderRow['history'][number];

const notFoundOrder = () => notFound('Customer order not found');

function toOrder(
  o: OrderRow,
  registerName: string,
  lines: (LineRow & { vendorName: string | null })[],
  payments: c.CustomerOrderPayment[],
  sale: string | null,
  createdByName: string | null,
): c.CustomerOrder {
  return {
    id: o.id,
    number: o.number,
    state: o.state,
    fulfilment: o.fulfilment,
    registerId: o.registerId,
    registerName,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    deliveryAddress: o.deliveryAddress,
    dueOn: o.dueOn,
    note: o.note,
    orderDiscount: o.orderDiscount ?? null,
    lines: lines
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((l) => ({
        id: l.id,
        lineNo: l.lineNo,
        productId: l.productId,
        variantId: l.variantId,
        sku: l.sku,
        nameEn: l.nameEn,
        nameAr: l.nameAr,
        vendorId: l.vendorId,
        vendorName: l.vendorName,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        taxRateBasisPoints: l.taxRateBasisPoints,
        tax: l.tax,
        total: l.total,
        stockTaken: l.stockTaken,
      })),
    subtotal: o.subtotal,
    discount: o.discount,
    tax: o.tax,
    total: o.total,
    paid: o.paid,
    payments,
    history: o.history,
    saleId: o.saleId,
    saleReceiptNumber: sale,
    createdByName,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

async function load(db: DbOrTx, orgId: string, id: string): Promise<c.CustomerOrder> {
  const [row] = await db
    .select({
      o: customerOrders,
      registerName: posRegisters.name,
      createdByName: sql<string | null>`(select ${repo.actorName} from ${users} where ${users.id} = ${customerOrders.createdBy})`,
      sale: sql<string | null>`(select p.receipt_number from pos_orders p where p.id = ${customerOrders.saleId})`,
    })
    .from(customerOrders)
    .innerJoin(posRegisters, eq(posRegisters.id, customerOrders.registerId))
    .where(and(eq(customerOrders.orgId, orgId), eq(customerOrders.id, id)));
  if (!row) throw notFoundOrder();
  const lines = await db
    .select({
      l: customerOrderLines,
      vendorName: sql<string | null>`(select v.public_name from vendors v where v.id = ${customerOrderLines.vendorId})`,
    })
    .from(customerOrderLines)
    .where(eq(customerOrderLines.orderId, id));
  const payments = await db
    .select({
      p: customerOrderPayments,
      byName: sql<string | null>`(select ${repo.actorName} from ${users} where ${users.id} = ${customerOrderPayments.createdBy})`,
    })
    .from(customerOrderPayments)
    .where(eq(customerOrderPayments.orderId, id))
    .orderBy(asc(customerOrderPayments.createdAt), asc(customerOrderPayments.id));
  return toOrder(
    row.o,
    row.registerName,
    lines.map((x) => ({ ...x.l, vendorName: x.vendorName })),
    payments.map(({ p, byName }) => ({
      id: p.id,
      tender: p.tender,
      amount: p.amount,
      reference: p.reference,
      byName,
      createdAt: p.createdAt.toISOString(),
    })),
    row.sale,
    row.createdByName,
  );
}

export const getCustomerOrder = (db: Db, caller: Caller, id: string) => load(db, caller.orgId, id);

export async function listCustomerOrders(db: Db, caller: Caller, q: c.CustomerOrderListQuery): Promise<c.CustomerOrderPage> {
  const limit = q.limit ?? 50;
  const o = customerOrders;
  const where: (SQL | undefined)[] = [eq(o.orgId, caller.orgId)];
  if (q.state) where.push(eq(o.state, q.state));
  if (q.fulfilment) where.push(eq(o.fulfilment, q.fulfilment));
  if (q.registerId) where.push(eq(o.registerId, q.registerId));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    const digits = q.q.replace(/^O-/i, '');
    where.push(
      or(
        eq(o.number, q.q.toUpperCase()),
        /^\d{1,6}$/.test(digits) ? eq(o.number, `O-${digits.padStart(6, '0')}`) : undefined,
        ilike(o.customerName, like),
        ilike(o.customerEmail, like),
        ilike(o.customerPhone, like),
      ),
    );
  }
  if (q.cursor) {
    const k = decodeCursor(q.cursor);
    where.push(sql`(${o.createdAt}, ${o.id}) < (${k.at}, ${k.id})`);
  }
  const rows = await db
    .select({
      id: o.id,
      number: o.number,
      state: o.state,
      fulfilment: o.fulfilment,
      registerName: posRegisters.name,
      customerName: o.customerName,
      dueOn: o.dueOn,
      total: o.total,
      paid: o.paid,
      createdAt: o.createdAt,
    })
    .from(o)
    .innerJoin(posRegisters, eq(posRegisters.id, o.registerId))
    .where(and(...where))
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: rows.length > limit && last ? cursorOf(last.createdAt, last.id) : null,
  };
}

async function registerFor(tx: Tx, caller: Caller, id: string) {
  const register = await repo.findRegister(tx, caller.orgId, id);
  if (!register) throw invalid('registerId', 'is not a register');
  assertMayUseRegister(caller, register);
  return register;
}

/**
 * The lines priced from the catalogue (a line's own unit price when given), with the order's totals. A register that
 * sells a channel takes orders only for what the channel's latest snapshot holds, as at its till (decision 021).
 */
async function priceLines(
  tx: Tx,
  caller: Caller,
  input: c.CustomerOrderLineInput[],
  orderDiscount: c.PosDiscount | null,
  channelId: string | null,
) {
  const facts = await repo.sellableFacts(
    tx,
    caller.orgId,
    [...new Set(input.map((l) => l.productId))],
    [...new Set(input.flatMap((l) => (l.variantId ? [l.variantId] : [])))],
  );
  const lines = input.map((l, i) => {
    const p = facts.products.get(l.productId);
    if (!p) throw invalid(`lines.${i}.productId`, 'is not a product of this organization');
    if (p.status === 'archived') throw invalid(`lines.${i}.productId`, 'is archived: it is no longer sold');
    const v = l.variantId ? facts.variants.get(l.variantId) : null;
    if (l.variantId && (!v || v.productId !== p.id)) throw invalid(`lines.${i}.variantId`, 'is not a variant of this product');
    return { input: l, product: p, variant: v ?? null, unitPrice: l.unitPrice ?? v?.price ?? p.price };
  });
  if (channelId) {
    const published = await publishedAmong(tx, channelId, [...facts.products.keys()]);
    const i = input.findIndex((l) => !published.has(l.productId));
    if (i >= 0) throw invalid(`lines.${i}.productId`, "is not published in this register's channel");
  }
  const priced = priceOrder(
    lines.map((l) => ({
      quantity: l.input.quantity,
      unitPrice: l.unitPrice,
      discount: l.input.discount,
      taxRateBasisPoints: l.product.taxRate,
    })),
    orderDiscount ?? undefined,
  );
  if (priced.discount > 0) {
    const limit = await discountLimitOf(tx, caller);
    const over = discountOverLimit(
      limit,
      priced.lines.map((l, i) => ({ gross: l.gross, ownDiscount: discountOf(l.gross, input[i]!.discount) })),
      priced.discount,
    );
    if (over) {
      const pct = `${(limit! / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
      throw 'line' in over
        ? invalid(`lines.${over.line}.discount`, `is more than the ${pct} your role may give`)
        : invalid('orderDiscount', `brings the discounts to more than the ${pct} your role may give`);
    }
  }
  const rows = lines.map((l, i) => {
    const pr = priced.lines[i]!;
    return {
      lineNo: i + 1,
      productId: l.product.id,
      variantId: l.variant?.id ?? null,
      sku: l.variant?.sku ?? l.product.sku,
      nameEn: l.product.nameEn,
      nameAr: l.product.nameAr,
      vendorId: l.product.vendorId,
      quantity: l.input.quantity,
      unitPrice: l.unitPrice,
      discountInput: l.input.discount ?? null,
      discount: pr.discount,
      taxRateBasisPoints: l.product.taxRate,
      tax: pr.tax,
      total: pr.total,
    };
  });
  return { rows, totals: { subtotal: priced.subtotal, discount: priced.discount, tax: priced.tax, total: priced.total } };
}

const event = (caller: Caller, e: Event['event'], more: Partial<Pick<Event, 'reason' | 'tender' | 'amount'>> = {}): Event => ({
  at: new Date().toISOString(),
  byName: nameOfUser(caller),
  event: e,
  reason: '',
  tender: null,
  amount: null,
  ...more,
});

const missingAddress = () => invalid('deliveryAddress', 'is required for a delivery');

export async function createCustomerOrder(db: Db, caller: Caller, input: c.CustomerOrderCreate): Promise<c.CustomerOrder> {
  return db.transaction(async (tx) => {
    const register = await registerFor(tx, caller, input.registerId);
    if (register.status !== 'active') throw invalid('registerId', 'is archived: it takes no new orders');
    const { rows, totals } = await priceLines(tx, caller, input.lines, input.orderDiscount ?? null, register.channelId);
    const number = `O-${await repo.nextNumber(tx, caller.orgId, 'customer_order')}`;
    const [order] = await tx
      .insert(customerOrders)
      .values({
        orgId: caller.orgId,
        number,
        fulfilment: input.fulfilment,
        registerId: register.id,
        customerName: input.customerName,
        customerEmail: input.customerEmail ?? '',
        customerPhone: input.customerPhone ?? '',
        deliveryAddress: input.fulfilment === 'delivery' ? (input.deliveryAddress ?? '') : '',
        dueOn: input.dueOn ?? null,
        note: input.note ?? '',
        orderDiscount: input.orderDiscount ?? null,
        ...totals,
        history: [event(caller, 'created')],
        createdBy: caller.userId,
      })
      .returning();
    await tx.insert(customerOrderLines).values(rows.map((r) => ({ ...r, orgId: caller.orgId, orderId: order!.id })));
    await recordAudit(tx, caller, { action: 'create', entityType: 'customer_order', entityId: order!.id, after: { number, ...input } });
    return load(tx, caller.orgId, order!.id);
  });
}

/** The order under lock (every change of an order goes through here), checked against the edit's stamp. */
async function lockOrder(tx: Tx, caller: Caller, id: string, expectedUpdatedAt?: string): Promise<{ o: OrderRow; register: Register }> {
  const [row] = await tx
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.orgId, caller.orgId), eq(customerOrders.id, id)))
    .for('update');
  if (!row) throw notFoundOrder();
  if (expectedUpdatedAt !== undefined) assertUnchanged(row.updatedAt, expectedUpdatedAt);
  const register = (await repo.findRegister(tx, caller.orgId, row.registerId))!;
  assertMayUseRegister(caller, register);
  return { o: row, register };
}

const wrongState = (o: OrderRow, doing: string) =>
  conflict(`Order ${o.number} is ${o.state}: it cannot be ${doing}`, [{ field: 'state', message: `is ${o.state}` }]);

export async function updateCustomerOrder(db: Db, caller: Caller, id: string, input: c.CustomerOrderUpdate): Promise<c.CustomerOrder> {
  return db.transaction(async (tx) => {
    const { o, register: current } = await lockOrder(tx, caller, id, input.expectedUpdatedAt);
    if (o.state !== 'draft') throw wrongState(o, 'edited (only a draft is)');
    const fulfilment = input.fulfilment ?? o.fulfilment;
    const deliveryAddress = fulfilment === 'delivery' ? (input.deliveryAddress ?? o.deliveryAddress) : '';
    if (fulfilment === 'delivery' && !deliveryAddress.trim()) throw missingAddress();
    let register = current;
    if (input.registerId && input.registerId !== o.registerId) {
      register = await registerFor(tx, caller, input.registerId);
      if (register.status !== 'active') throw invalid('registerId', 'is archived: it takes no new orders');
    }
    const registerId = register.id;
    const orderDiscount = input.orderDiscount !== undefined ? input.orderDiscount : (o.orderDiscount ?? null);
    const lineInput: c.CustomerOrderLineInput[] =
      input.lines ??
      (await tx.select().from(customerOrderLines).where(eq(customerOrderLines.orderId, id)).orderBy(asc(customerOrderLines.lineNo))).map(
        (l) => ({
          productId: l.productId!,
          variantId: l.variantId,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          ...(l.discountInput ? { discount: l.discountInput } : {}),
        }),
      );
    const { rows, totals } = await priceLines(tx, caller, lineInput, orderDiscount, register.channelId);
    await tx.delete(customerOrderLines).where(eq(customerOrderLines.orderId, id));
    await tx.insert(customerOrderLines).values(rows.map((r) => ({ ...r, orgId: caller.orgId, orderId: id })));
    await tx
      .update(customerOrders)
      .set({
        registerId,
        fulfilment,
        deliveryAddress,
        customerName: input.customerName ?? o.customerName,
        customerEmail: input.customerEmail ?? o.customerEmail,
        customerPhone: input.customerPhone ?? o.customerPhone,
        dueOn: input.dueOn !== undefined ? input.dueOn : o.dueOn,
        note: input.note ?? o.note,
        orderDiscount,
        ...totals,
        history: [...o.history, event(caller, 'edited')],
        updatedAt: new Date(),
      })
      .where(eq(customerOrders.id, id));
    const { expectedUpdatedAt: _, ...change } = input;
    await recordAudit(tx, caller, { action: 'update', entityType: 'customer_order', entityId: id, after: change });
    return load(tx, caller.orgId, id);
  });
}

const AUDIT_ACTION = { confirmed: 'confirm', ready: 'mark_ready', completed: 'complete', cancelled: 'cancel' } as const;

export async function transitionCustomerOrder(
  db: Db,
  caller: Caller,
  id: string,
  input: c.CustomerOrderTransition,
): Promise<c.CustomerOrder> {
  return db.transaction(async (tx) => {
    const { o, register } = await lockOrder(tx, caller, id, input.expectedUpdatedAt);
    if (!CUSTOMER_ORDER_NEXT[o.state].includes(input.state)) throw wrongState(o, `made ${input.state}`);
    const lines = await tx
      .select()
      .from(customerOrderLines)
      .where(eq(customerOrderLines.orderId, id))
      .orderBy(asc(customerOrderLines.lineNo));
    const set: Partial<typeof customerOrders.$inferInsert> = { state: input.state, updatedAt: new Date() };
    const events = [event(caller, input.state, input.state === 'cancelled' ? { reason: input.reason ?? '' } : {})];

    if (input.state === 'confirmed') await takeStock(tx, o, register, lines);
    if (input.state === 'completed') {
      if (o.paid < o.total) throw invalid('state', `${o.total - o.paid} is still due: take the payment first`);
      set.saleId = await recordSale(tx, caller, o, register, lines);
    }
    if (input.state === 'cancelled') {
      await repo.putBackStock(
        tx,
        lines.flatMap((l) => (l.stockTaken && l.variantId ? [{ variantId: l.variantId, quantity: l.quantity }] : [])),
      );
      await tx.update(customerOrderLines).set({ stockTaken: false }).where(eq(customerOrderLines.orderId, id));
      events.push(...(await refundAll(tx, caller, o)));
      set.paid = 0;
    }
    set.history = [...o.history, ...events];
    await tx.update(customerOrders).set(set).where(eq(customerOrders.id, id));
    await recordAudit(tx, caller, {
      action: AUDIT_ACTION[input.state],
      entityType: 'customer_order',
      entityId: id,
      before: { state: o.state },
      after: { state: input.state, ...(input.reason ? { reason: input.reason } : {}) },
    });
    return load(tx, caller.orgId, id);
  });
}

/** Sets the lines' items aside: stock taken as a sale takes it, refused when there is not enough. */
async function takeStock(tx: Tx, o: OrderRow, register: Register, lines: LineRow[]): Promise<void> {
  const withVariant = lines.flatMap((l) =>
    l.variantId ? [{ index: l.lineNo - 1, variantId: l.variantId, sku: l.sku, quantity: l.quantity }] : [],
  );
  await takeLineStock(tx, withVariant, register.allowNegativeStock);
  if (withVariant.length)
    await tx
      .update(customerOrderLines)
      .set({ stockTaken: true })
      .where(and(eq(customerOrderLines.orderId, o.id), sql`${customerOrderLines.variantId} is not null`));
}

/** What was paid with each tender (payments less refunds), in the order the tenders were first used. */
async function paidByTender(tx: Tx, orderId: string): Promise<Map<c.CustomerOrderPayment['tender'], number>> {
  const rows = await tx
    .select()
    .from(customerOrderPayments)
    .where(eq(customerOrderPayments.orderId, orderId))
    .orderBy(asc(customerOrderPayments.createdAt), asc(customerOrderPayments.id));
  const by = new Map<c.CustomerOrderPayment['tender'], number>();
  for (const p of rows) by.set(p.tender, (by.get(p.tender) ?? 0) + p.amount);
  return by;
}

/** The sale of a completed order: recorded at its register outside any session, with lines, payments and ledger. */
async function recordSale(tx: Tx, caller: Caller, o: OrderRow, register: Register, lines: LineRow[]): Promise<string> {
  const { products: categories } = await repo.sellableFacts(
    tx,
    caller.orgId,
    lines.flatMap((l) => (l.productId ? [l.productId] : [])),
    [],
  );
  const rules = await repo.commissionRules(tx, caller.orgId);
  const paid = [...(await paidByTender(tx, o.id))].filter(([, amount]) => amount > 0);
  const saleId = randomUUID();
  const soldAt = new Date();
  const receiptNumber = await repo.nextReceiptNumber(tx, caller.orgId, register.id);
  const lineRows = lines.map((l) => {
    const categoryIds = (l.productId && categories.get(l.productId)?.categoryIds) || [];
    const rule = commissionRuleFor(rules, l.vendorId, categoryIds);
    return {
      orgId: caller.orgId,
      orderId: saleId,
      lineNo: l.lineNo,
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      nameEn: l.nameEn,
      nameAr: l.nameAr,
      vendorId: l.vendorId,
      categoryId: categoryIds[0] ?? null,
      soldAt,
      kind: 'sale' as const,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      listPrice: l.unitPrice,
      discount: l.discount,
      taxRateBasisPoints: l.taxRateBasisPoints,
      tax: l.tax,
      total: l.total,
      commission: commissionOf(rule, l.total),
      commissionRuleId: rule?.id ?? null,
    };
  });
  await repo.insertOrder(tx, {
    id: saleId,
    orgId: caller.orgId,
    kind: 'sale',
    registerId: register.id,
    sessionId: null,
    placement: 'customer_order',
    receiptNumber,
    requestHash: `customer_order:${o.id}`,
    soldAt,
    cashierId: caller.userId,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    note: [`${o.number}`, o.note].filter(Boolean).join(' · ').slice(0, POS_LIMITS.note),
    subtotal: o.subtotal,
    discount: o.discount,
    tax: o.tax,
    total: o.total,
    vendorIds: [...new Set(lines.flatMap((l) => (l.vendorId ? [l.vendorId] : [])))],
    tenders: paid.map(([t]) => t),
  });
  if (lineRows.length) await repo.insertLines(tx, lineRows);
  await repo.insertPayments(
    tx,
    paid.map(([tender, amount], i) => ({
      orgId: caller.orgId,
      orderId: saleId,
      position: i + 1,
      tender,
      amount,
      change: 0,
      reference: o.number,
    })),
  );
  await writeLedger(tx, caller, { id: saleId, kind: 'sale', receiptNumber, soldAt, registerName: register.name }, sumByVendor(lineRows));
  return saleId;
}

/** Cash into (or out of) the register's open drawer for an order's payment; null when no session is open there. */
async function drawerMove(tx: Tx, caller: Caller, o: OrderRow, kind: 'in' | 'out', amount: number): Promise<string | null> {
  const session = await repo.lockOpenSession(tx, o.registerId);
  if (!session) return null;
  // A refund larger than the drawer holds is paid from elsewhere, and the drawer is left as it is.
  if (kind === 'out' && amount > expectedCashOf(session)) return null;
  const reason = `${kind === 'in' ? 'Payment for' : 'Refund of'} customer order ${o.number}`;
  return (await recordCashMove(tx, caller, session.id, kind, amount, reason)).id;
}

/** Refunds what a cancelled order had been paid, tender by tender (negative payments). */
async function refundAll(tx: Tx, caller: Caller, o: OrderRow): Promise<Event[]> {
  const events: Event[] = [];
  for (const [tender, amount] of await paidByTender(tx, o.id)) {
    if (amount <= 0) continue;
    const cashMoveId = tender === 'cash' ? await drawerMove(tx, caller, o, 'out', amount) : null;
    await tx.insert(customerOrderPayments).values({
      orgId: caller.orgId,
      orderId: o.id,
      tender,
      amount: -amount,
      reference: 'refund on cancellation',
      cashMoveId,
      createdBy: caller.userId,
    });
    events.push(event(caller, 'refund', { tender, amount: -amount }));
  }
  return events;
}

export async function addCustomerOrderPayment(
  tx: Tx,
  caller: Caller,
  id: string,
  input: c.CustomerOrderPaymentCreate,
): Promise<c.CustomerOrder> {
  const { o, register } = await lockOrder(tx, caller, id);
  if (!customerOrderTakesPayments(o.state)) throw wrongState(o, 'paid (payments are taken once it is confirmed)');
  if (!register.tenders.includes(input.tender))
    throw invalid('tender', `is not a tender this register takes (${register.tenders.join(', ')})`);
  const due = o.total - o.paid;
  if (due <= 0) throw conflict(`Order ${o.number} is paid in full`, [{ field: 'amount', message: 'nothing is due' }]);
  if (input.amount > due) throw invalid('amount', `is more than the ${due} still due`);
  const cashMoveId = input.tender === 'cash' ? await drawerMove(tx, caller, o, 'in', input.amount) : null;
  await tx.insert(customerOrderPayments).values({
    orgId: caller.orgId,
    orderId: id,
    tender: input.tender,
    amount: input.amount,
    reference: input.reference ?? '',
    cashMoveId,
    createdBy: caller.userId,
  });
  await tx
    .update(customerOrders)
    .set({
      paid: o.paid + input.amount,
      history: [...o.history, event(caller, 'payment', { tender: input.tender, amount: input.amount })],
      updatedAt: new Date(),
    })
    .where(eq(customerOrders.id, id));
  await recordAudit(tx, caller, { action: 'payment', entityType: 'customer_order', entityId: id, after: input });
  return load(tx, caller.orgId, id);
}
