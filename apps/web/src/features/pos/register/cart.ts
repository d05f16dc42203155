import type { posRoutes as r } from '@market/contracts';
import { discountOverLimit, POS_LIMITS, type PosTender } from '@market/contracts/plain';

// The register's cart and its arithmetic, pure and exact in integer minor units. The pricing mirrors the server's
// (apps/server/src/modules/pos/pos-pricing.ts) rule for rule, so the totals the cashier sees are the totals the
// server records: prices include tax, a percentage discount is basis points rounded half up, an order discount
// is spread over the lines by largest remainder (ties to the earlier line), a line's tax is
// round(total * rate / (10000 + rate)) and only cash gives change.

export type Sellable = r.PosSellable;
export type Discount = r.PosDiscount;
export type OrderBody = r.PosOrderCreate;

export interface CartLine {
  /** Stable key of the line on screen (product and variant). */
  key: string;
  item: Sellable;
  quantity: number;
  /** The price shown when the item was added, sent as the price sold at. */
  unitPrice: number;
  discount?: Discount;
}

export interface Cart {
  /** The sale's id, given when the cart is started: sending the sale again can never record it twice. */
  id: string;
  startedAt: string;
  lines: CartLine[];
  orderDiscount?: Discount;
  customerName: string;
  customerEmail: string;
}

export interface Payment {
  tender: PosTender;
  amount: number;
  reference?: string;
}

const big = BigInt;

/** round(numerator / denominator), halves up, for non-negative values (the server's roundHalfUp). */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** What a discount takes off `base`: a percentage rounded half up, or an amount (never more than the base). */
export function discountOf(base: number, d: Discount | undefined): number {
  if (!d || base <= 0) return 0;
  const off = d.kind === 'percentage' ? roundHalfUp(big(base) * big(d.value), 10_000n) : d.value;
  return Math.min(off, base);
}

/** The tax included in a tax-inclusive `total` at `rate` basis points. */
export const includedTax = (total: number, rate: number): number =>
  rate <= 0 ? 0 : roundHalfUp(big(total) * big(rate), big(10_000 + rate));

/** Splits `amount` over `weights` in proportion, exactly (largest remainder, ties to the earlier line). */
export function spread(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount === 0 || sum === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Number((big(amount) * big(w)) / big(sum)));
  const rest = weights.map((w) => (big(amount) * big(w)) % big(sum));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = rest.map((rem, i) => ({ rem, i })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export interface PricedLine {
  gross: number;
  /** The line's own discount plus its share of the order discount. */
  discount: number;
  total: number;
  tax: number;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

export interface PricedInput {
  quantity: number;
  unitPrice: number;
  discount?: Discount | undefined;
  taxRateBasisPoints: number;
}

export function priceOrder(lines: PricedInput[], orderDiscount?: Discount): PricedCart {
  const gross = lines.map((l) => l.quantity * l.unitPrice);
  const own = lines.map((l, i) => discountOf(gross[i]!, l.discount));
  const after = gross.map((g, i) => g - own[i]!);
  const orderOff = discountOf(
    after.reduce((a, b) => a + b, 0),
    orderDiscount,
  );
  const shares = spread(orderOff, after);
  const priced = lines.map((l, i) => {
    const total = after[i]! - shares[i]!;
    return { gross: gross[i]!, discount: own[i]! + shares[i]!, total, tax: includedTax(total, l.taxRateBasisPoints) };
  });
  const sum = (k: keyof PricedLine) => priced.reduce((a, p) => a + p[k], 0);
  return { lines: priced, subtotal: sum('gross'), discount: sum('discount'), tax: sum('tax'), total: sum('total') };
}

export const priceCart = (cart: Pick<Cart, 'lines' | 'orderDiscount'>): PricedCart =>
  priceOrder(
    cart.lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      taxRateBasisPoints: l.item.taxRateBasisPoints,
    })),
    cart.orderDiscount,
  );

/**
 * Where the cart's discounts go past the cashier's limit (basis points; null: no limit), by the server's rule: a line
 * whose own discount is more than that share of it, else the sale when all its discounts together are more than that
 * share of the sale before discounts. Null when within the limit.
 */
export function cartOverLimit(cart: Pick<Cart, 'lines'>, priced: PricedCart, limit: number | null): ReturnType<typeof discountOverLimit> {
  return discountOverLimit(
    limit,
    cart.lines.map((l, i) => {
      const gross = priced.lines[i]!.gross;
      return { gross, ownDiscount: discountOf(gross, l.discount) };
    }),
    priced.discount,
  );
}

export type Settlement =
  | { ok: true; paid: number; change: number[]; changeTotal: number }
  | { ok: false; paid: number; short: number }
  | { ok: false; paid: number; overpaidWithoutCash: number };

/**
 * How payments settle `total`, as the server checks them: what is still due, or the change given from the cash
 * payments (last first); an excess beyond the cash handed over cannot be given back.
 */
export function settle(payments: readonly Payment[], total: number): Settlement {
  const paid = payments.reduce((a, p) => a + p.amount, 0);
  if (paid < total) return { ok: false, paid, short: total - paid };
  let excess = paid - total;
  const change = payments.map(() => 0);
  for (let i = payments.length - 1; i >= 0 && excess > 0; i--) {
    if (payments[i]!.tender !== 'cash') continue;
    const c = Math.min(excess, payments[i]!.amount);
    change[i] = c;
    excess -= c;
  }
  if (excess > 0) return { ok: false, paid, overpaidWithoutCash: excess };
  return { ok: true, paid, change, changeTotal: change.reduce((a, b) => a + b, 0) };
}

/** A v4 UUID: the browser's own, or one from its random source where randomUUID is missing (plain http). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const newCart = (now = new Date()): Cart => ({
  id: newId(),
  startedAt: now.toISOString(),
  lines: [],
  customerName: '',
  customerEmail: '',
});

const lineKey = (item: Sellable) => `${item.productId}:${item.variantId ?? ''}`;
const clampQuantity = (q: number) => Math.min(POS_LIMITS.quantity, Math.max(1, Math.trunc(q)));

/** The cart with one more of `item`: a line already holding it counts one more, else a new line at its price. */
export function addItem(cart: Cart, item: Sellable, quantity = 1): Cart {
  const key = lineKey(item);
  const found = cart.lines.find((l) => l.key === key);
  if (found) return setQuantity(cart, key, found.quantity + quantity);
  return { ...cart, lines: [...cart.lines, { key, item, quantity: clampQuantity(quantity), unitPrice: item.price }] };
}

export const setQuantity = (cart: Cart, key: string, quantity: number): Cart => ({
  ...cart,
  lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity: clampQuantity(quantity) } : l)),
});

export const removeLine = (cart: Cart, key: string): Cart => ({ ...cart, lines: cart.lines.filter((l) => l.key !== key) });

const meaningful = (d: Discount | undefined) => (d && d.value > 0 ? d : undefined);

export const setLineDiscount = (cart: Cart, key: string, discount: Discount | undefined): Cart => ({
  ...cart,
  lines: cart.lines.map((l) => (l.key === key ? { ...l, discount: meaningful(discount) } : l)),
});

export const setOrderDiscount = (cart: Cart, discount: Discount | undefined): Cart => ({ ...cart, orderDiscount: meaningful(discount) });

/** A plausible e-mail address (the server checks it properly; a queued sale should not be refused for a typo). */
export const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());

/** The sale as POST /pos/orders takes it: the cart's id, the prices shown, the payments as handed over. */
export function orderBody(
  cart: Cart,
  o: { registerId: string; sessionId: string; payments: readonly Payment[]; soldAt: string },
): OrderBody {
  const name = cart.customerName.trim();
  const email = cart.customerEmail.trim();
  const orderDiscount = meaningful(cart.orderDiscount);
  return {
    id: cart.id,
    registerId: o.registerId,
    sessionId: o.sessionId,
    soldAt: o.soldAt,
    lines: cart.lines.map((l) => {
      const discount = meaningful(l.discount);
      return {
        productId: l.item.productId,
        ...(l.item.variantId ? { variantId: l.item.variantId } : {}),
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        ...(discount ? { discount } : {}),
      };
    }),
    ...(orderDiscount ? { orderDiscount } : {}),
    payments: o.payments.map((p) => ({
      tender: p.tender,
      amount: p.amount,
      ...(p.reference?.trim() ? { reference: p.reference.trim() } : {}),
    })),
    ...(name ? { customerName: name } : {}),
    ...(email ? { customerEmail: email } : {}),
  };
}
