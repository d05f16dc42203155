import { describe, expect, it } from 'vitest';
import {
  addItem,
  cartOverLimit,
  discountOf,
  includedTax,
  newCart,
  orderBody,
  priceCart,
  priceOrder,
  setLineDiscount,
  setOrderDiscount,
  setQuantity,
  settle,
  spread,
  type Cart,
  type Sellable,
} from './cart';

// The register's arithmetic must equal the server's (apps/server/src/modules/pos/pos-pricing.ts): the totals the
// cashier sees and takes payment for are the ones recorded. The figures here are worked by hand.

const item = (over: Partial<Sellable> = {}): Sellable => ({
  productId: '11111111-1111-4111-8111-111111111111',
  variantId: null,
  sku: 'OIL-1',
  barcode: '6281000000017',
  nameEn: 'Olive oil',
  nameAr: 'زيت زيتون',
  vendorId: null,
  vendorName: 'Olive Grove',
  price: 5_000,
  taxRateBasisPoints: 1600,
  tracksStock: false,
  stock: null,
  ...over,
});

describe('register arithmetic (the server rules)', () => {
  it('prices the server test sale: tax included per line, rounded once per line', () => {
    const priced = priceOrder([
      { quantity: 2, unitPrice: 5_000, taxRateBasisPoints: 1600 },
      { quantity: 1, unitPrice: 3_250, taxRateBasisPoints: 1600 },
      { quantity: 1, unitPrice: 12_000, taxRateBasisPoints: 1600 },
    ]);
    // 10.000 * 1600 / 11600 = 1379.31, 3.250 -> 448.27, 12.000 -> 1655.17
    expect(priced.lines.map((l) => l.tax)).toEqual([1_379, 448, 1_655]);
    expect(priced).toMatchObject({ subtotal: 25_250, discount: 0, tax: 3_482, total: 25_250 });
  });

  it('rounds tax included half up, and a zero rate to nothing', () => {
    expect(includedTax(5, 10_000)).toBe(3); // 2.5 -> 3
    expect(includedTax(4, 10_000)).toBe(2);
    expect(includedTax(10_000, 0)).toBe(0);
  });

  it('takes percentages in basis points rounded half up, and never more than the base', () => {
    expect(discountOf(1_004, { kind: 'percentage', value: 1_250 })).toBe(126); // 125.5
    expect(discountOf(1_003, { kind: 'percentage', value: 1_250 })).toBe(125); // 125.375
    expect(discountOf(1_000, { kind: 'percentage', value: 10_000 })).toBe(1_000);
    expect(discountOf(500, { kind: 'amount', value: 800 })).toBe(500);
    expect(discountOf(0, { kind: 'amount', value: 800 })).toBe(0);
  });

  it('spreads an order discount by largest remainder, ties to the earlier line', () => {
    // 10 over 100/200/300: 1.67, 3.33, 5 -> floors 1, 3, 5; the one left goes to the largest remainder (the first).
    expect(spread(10, [100, 200, 300])).toEqual([2, 3, 5]);
    expect(spread(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spread(0, [1, 2])).toEqual([0, 0]);
    expect(spread(5, [0, 0])).toEqual([0, 0]);
  });

  it('applies line discounts first, then the order discount on what is left', () => {
    const priced = priceOrder(
      [
        { quantity: 3, unitPrice: 1_000, discount: { kind: 'percentage', value: 1_000 }, taxRateBasisPoints: 1600 },
        { quantity: 1, unitPrice: 500, discount: { kind: 'amount', value: 100 }, taxRateBasisPoints: 0 },
      ],
      { kind: 'percentage', value: 1_000 },
    );
    // After own discounts 2.700 and 400; 10% of 3.100 = 310 spread as 270 and 40.
    expect(priced.lines).toEqual([
      { gross: 3_000, discount: 570, total: 2_430, tax: 335 },
      { gross: 500, discount: 140, total: 360, tax: 0 },
    ]);
    expect(priced).toMatchObject({ subtotal: 3_500, discount: 710, tax: 335, total: 2_790 });
  });

  it('settles payments as the server does: change only from cash, last cash first', () => {
    expect(
      settle(
        [
          { tender: 'card', amount: 10_000 },
          { tender: 'cash', amount: 20_000 },
        ],
        25_250,
      ),
    ).toEqual({ ok: true, paid: 30_000, change: [0, 4_750], changeTotal: 4_750 });
    expect(settle([{ tender: 'cash', amount: 20_000 }], 25_250)).toEqual({ ok: false, paid: 20_000, short: 5_250 });
    expect(settle([{ tender: 'card', amount: 30_000 }], 25_250)).toEqual({ ok: false, paid: 30_000, overpaidWithoutCash: 4_750 });
    expect(
      settle(
        [
          { tender: 'cash', amount: 3_000 },
          { tender: 'card', amount: 25_000 },
        ],
        25_250,
      ),
    ).toEqual({ ok: true, paid: 28_000, change: [2_750, 0], changeTotal: 2_750 });
  });
});

describe('the cart', () => {
  it('counts a second scan of an item on its line, keeps quantities from 1 to 9999, and prices what it shows', () => {
    let cart = newCart();
    cart = addItem(cart, item());
    cart = addItem(cart, item());
    cart = addItem(
      cart,
      item({ productId: '22222222-2222-4222-8222-222222222222', variantId: '33333333-3333-4333-8333-333333333333', price: 3_250 }),
    );
    expect(cart.lines.map((l) => l.quantity)).toEqual([2, 1]);
    expect(setQuantity(cart, cart.lines[0]!.key, 0).lines[0]!.quantity).toBe(1);
    expect(setQuantity(cart, cart.lines[0]!.key, 20_000).lines[0]!.quantity).toBe(9_999);
    cart = setLineDiscount(cart, cart.lines[1]!.key, { kind: 'amount', value: 250 });
    cart = setOrderDiscount(cart, { kind: 'percentage', value: 0 });
    expect(cart.orderDiscount).toBeUndefined();
    expect(priceCart(cart)).toMatchObject({ subtotal: 13_250, discount: 250, total: 13_000 });
  });

  it('sends the cart under its own id, at the prices shown, leaving out what is empty', () => {
    let cart = newCart(new Date('2026-03-01T09:00:00Z'));
    cart = addItem(cart, item({ variantId: '33333333-3333-4333-8333-333333333333' }), 2);
    cart = { ...cart, customerName: '  Sara ', customerEmail: ' ' };
    const body = orderBody(cart, {
      registerId: '44444444-4444-4444-8444-444444444444',
      sessionId: '55555555-5555-4555-8555-555555555555',
      payments: [{ tender: 'card', amount: 10_000, reference: ' ' }],
      soldAt: '2026-03-01T09:05:00.000Z',
    });
    expect(body).toEqual({
      id: cart.id,
      registerId: '44444444-4444-4444-8444-444444444444',
      sessionId: '55555555-5555-4555-8555-555555555555',
      soldAt: '2026-03-01T09:05:00.000Z',
      lines: [{ productId: item().productId, variantId: '33333333-3333-4333-8333-333333333333', quantity: 2, unitPrice: 5_000 }],
      payments: [{ tender: 'card', amount: 10_000 }],
      customerName: 'Sara',
    });
    expect(cart.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('finds a discount past the cashier’s limit as the server does: a line by its own discount, else the sale by all of them', () => {
    let cart = newCart();
    cart = addItem(cart, item());
    cart = addItem(cart, item({ productId: '22222222-2222-4222-8222-222222222222', price: 3_333 }));
    const [oil, other] = cart.lines.map((l) => l.key) as [string, string];
    const over = (c: Cart, limit: number | null) => cartOverLimit(c, priceCart(c), limit);
    expect(over(cart, 1_000)).toBeNull();
    // 10% of 3.333 is 333.3: up to 334 is allowed (a share is rounded up).
    expect(over(setLineDiscount(cart, other, { kind: 'amount', value: 334 }), 1_000)).toBeNull();
    expect(over(setLineDiscount(cart, other, { kind: 'amount', value: 335 }), 1_000)).toEqual({ line: 1 });
    expect(over(setLineDiscount(cart, other, { kind: 'amount', value: 335 }), null)).toBeNull();
    expect(over(setLineDiscount(cart, oil, { kind: 'percentage', value: 1_001 }), 1_000)).toEqual({ line: 0 });
    // Each line within 10%, but with the sale discount all of them come to more than 10% of 8.333 (834).
    const tenOff = setLineDiscount(cart, oil, { kind: 'percentage', value: 1_000 });
    expect(over(setOrderDiscount(tenOff, { kind: 'amount', value: 334 }), 1_000)).toBeNull();
    expect(over(setOrderDiscount(tenOff, { kind: 'amount', value: 335 }), 1_000)).toEqual({ order: true });
    expect(over(setOrderDiscount(cart, { kind: 'percentage', value: 1_000 }), 0)).toEqual({ order: true });
  });
});
