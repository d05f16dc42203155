import type { posRoutes } from '@market/contracts';
import type { CommissionRuleKind, PosTender } from '@market/contracts/plain';
import { roundHalfUp } from '../payment-management/index.js';

// The arithmetic of a sale, in integer minor units, pure and exact. Prices include tax (decision 018):
// a line's tax is the part of its total its rate stands for, rounded once per line. An order discount is
// spread over the lines in proportion to what they cost after their own discounts (largest remainder), so
// each vendor's line carries its share and a return gives back exactly what that line was charged.

const big = BigInt;
type PosDiscount = posRoutes.PosDiscount;

export interface PricedInput {
  quantity: number;
  unitPrice: number;
  discount?: PosDiscount | undefined;
  taxRateBasisPoints: number;
}

export interface PricedLine {
  gross: number;
  /** The line's own discount plus its share of the order discount. */
  discount: number;
  total: number;
  tax: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** What a discount takes off `base`: a percentage rounded half up, or an amount (never more than the base). */
export function discountOf(base: number, d: PosDiscount | undefined): number {
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
  const exact = weights.map((w) => (big(amount) * big(w)) / big(sum));
  const rest = weights.map((w) => (big(amount) * big(w)) % big(sum));
  const shares = exact.map(Number);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = rest.map((r, i) => ({ r, i })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export function priceOrder(lines: PricedInput[], orderDiscount?: PosDiscount): PricedOrder {
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

export interface CommissionRuleInput {
  id: string;
  vendorId: string | null;
  categoryId: string | null;
  kind: CommissionRuleKind;
  rateBasisPoints: number;
  amount: number;
  minimum: number;
  maximum: number | null;
}

/** The rule for a line: vendor + category, then vendor, then category, then the default (no vendor, no category). */
export function commissionRuleFor(
  rules: readonly CommissionRuleInput[],
  vendorId: string | null,
  categoryIds: readonly string[],
): CommissionRuleInput | null {
  if (!vendorId) return null;
  const inCategory = (r: CommissionRuleInput) => r.categoryId !== null && categoryIds.includes(r.categoryId);
  return (
    rules.find((r) => r.vendorId === vendorId && inCategory(r)) ??
    rules.find((r) => r.vendorId === vendorId && r.categoryId === null) ??
    rules.find((r) => r.vendorId === null && inCategory(r)) ??
    rules.find((r) => r.vendorId === null && r.categoryId === null) ??
    null
  );
}

/** The commission on a line's total: a percentage kept between the minimum and maximum, or a flat amount; never more than the total. */
export function commissionOf(rule: CommissionRuleInput | null, total: number): number {
  if (!rule || total <= 0) return 0;
  let c =
    rule.kind === 'flat'
      ? rule.amount
      : Math.max(
          rule.minimum,
          Math.min(rule.maximum ?? Number.MAX_SAFE_INTEGER, roundHalfUp(big(total) * big(rule.rateBasisPoints), 10_000n)),
        );
  if (c > total) c = total;
  return c;
}

/**
 * The part of a line's `amount` that `quantity` of its `sold` units stand for, after `returned` were already
 * returned: the difference of two cumulative roundings, so returning every unit gives back exactly `amount`.
 */
export function returnedShare(amount: number, sold: number, returned: number, quantity: number): number {
  const upTo = (n: number) => roundHalfUp(big(amount) * big(n), big(sold));
  return upTo(returned + quantity) - upTo(returned);
}

export interface TenderPayment {
  tender: PosTender;
  amount: number;
}

/**
 * Change for an order: what was handed over beyond the total, given from the cash payments (last first).
 * Returns null when the payments do not cover the total, or when the excess is more than the cash handed over.
 */
export function changeOf(
  payments: readonly TenderPayment[],
  total: number,
): { change: number[]; paid: number } | { short: number } | { overpaidWithoutCash: number } {
  const paid = payments.reduce((a, p) => a + p.amount, 0);
  if (paid < total) return { short: total - paid };
  let excess = paid - total;
  const change = payments.map(() => 0);
  for (let i = payments.length - 1; i >= 0 && excess > 0; i--) {
    if (payments[i]!.tender !== 'cash') continue;
    const c = Math.min(excess, payments[i]!.amount);
    change[i] = c;
    excess -= c;
  }
  if (excess > 0) return { overpaidWithoutCash: excess };
  return { change, paid };
}

/**
 * How a refund of `amount` goes back: in cash, or to the sale's tenders in their order, each up to what it took
 * net of change and of earlier refunds to it.
 */
export function refundAllocation(amount: number, to: 'original' | 'cash', available: readonly TenderPayment[]): TenderPayment[] {
  if (amount <= 0) return [];
  if (to === 'cash') return [{ tender: 'cash', amount }];
  const out: TenderPayment[] = [];
  let left = amount;
  for (const p of available) {
    if (left <= 0) break;
    const take = Math.min(left, p.amount);
    if (take > 0) {
      const same = out.find((o) => o.tender === p.tender);
      if (same) same.amount += take;
      else out.push({ tender: p.tender, amount: take });
      left -= take;
    }
  }
  // What the tenders cannot take back any more (refunded earlier in cash, say) goes back in cash.
  if (left > 0) {
    const cash = out.find((o) => o.tender === 'cash');
    if (cash) cash.amount += left;
    else out.push({ tender: 'cash', amount: left });
  }
  return out;
}
