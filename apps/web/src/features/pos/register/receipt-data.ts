import type { posRoutes as r } from '@market/contracts';
import type { PosTender } from '@market/contracts/plain';
import type { Cart, Payment, PricedCart } from './cart';

/** What a receipt prints: the server's order, or for a sale not sent yet, the register's own figures. */
export interface ReceiptData {
  saleId: string;
  /** Null while the sale waits to be sent: the receipt is provisional. */
  receiptNumber: string | null;
  soldAt: string;
  registerName: string;
  cashierName: string | null;
  customerName: string;
  /** Where the receipt can be e-mailed without asking; empty when none was given. */
  customerEmail: string;
  lines: {
    key: string;
    nameEn: string;
    nameAr: string;
    vendorName: string | null;
    quantity: number;
    unitPrice: number;
    discount: number;
    total: number;
  }[];
  subtotal: number;
  discount: number;
  tax: number;
  /** Tax included per rate (basis points), for the tax lines of the receipt. */
  taxes: { rate: number; tax: number }[];
  total: number;
  payments: { tender: PosTender; amount: number; change: number; reference: string }[];
  change: number;
}

function byRate(rows: { rate: number; tax: number }[]) {
  const m = new Map<number, number>();
  for (const row of rows) if (row.rate > 0) m.set(row.rate, (m.get(row.rate) ?? 0) + row.tax);
  return [...m].sort((a, b) => a[0] - b[0]).map(([rate, tax]) => ({ rate, tax }));
}

export function receiptFromOrder(order: r.PosOrder): ReceiptData {
  return {
    saleId: order.id,
    receiptNumber: order.receiptNumber,
    soldAt: order.soldAt,
    registerName: order.registerName,
    cashierName: order.cashierName,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    lines: order.lines.map((l) => ({
      key: l.id,
      nameEn: l.nameEn,
      nameAr: l.nameAr,
      vendorName: l.vendorName,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      total: l.total,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    tax: order.tax,
    taxes: byRate(order.lines.map((l) => ({ rate: l.taxRateBasisPoints, tax: l.tax }))),
    total: order.total,
    payments: order.payments.map((p) => ({ tender: p.tender, amount: p.amount, change: p.change, reference: p.reference })),
    change: order.payments.reduce((a, p) => a + p.change, 0),
  };
}

/** The provisional receipt of a sale that waits in the queue: the same arithmetic the server will do. */
export function receiptFromCart(
  cart: Cart,
  priced: PricedCart,
  payments: readonly Payment[],
  change: readonly number[],
  o: { registerName: string; soldAt: string },
): ReceiptData {
  return {
    saleId: cart.id,
    receiptNumber: null,
    soldAt: o.soldAt,
    registerName: o.registerName,
    cashierName: null,
    customerName: cart.customerName.trim(),
    customerEmail: cart.customerEmail.trim(),
    lines: cart.lines.map((l, i) => ({
      key: l.key,
      nameEn: l.item.nameEn,
      nameAr: l.item.nameAr,
      vendorName: l.item.vendorName,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: priced.lines[i]!.discount,
      total: priced.lines[i]!.total,
    })),
    subtotal: priced.subtotal,
    discount: priced.discount,
    tax: priced.tax,
    taxes: byRate(cart.lines.map((l, i) => ({ rate: l.item.taxRateBasisPoints, tax: priced.lines[i]!.tax }))),
    total: priced.total,
    payments: payments.map((p, i) => ({
      tender: p.tender,
      amount: p.amount,
      change: change[i] ?? 0,
      reference: p.reference?.trim() ?? '',
    })),
    change: change.reduce((a, b) => a + b, 0),
  };
}
