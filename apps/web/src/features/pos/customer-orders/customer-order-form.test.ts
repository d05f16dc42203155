import { describe, expect, it } from 'vitest';
import { priceCart, priceOrder, setQuantity, type Discount } from '../register/cart';
import { changeOf, formOf, orderBodyOf } from './customer-order-form';
import { customerOrder } from './customer-orders.test-fixtures';

// A draft opened for editing prices exactly as it was saved, although the order tells each line's discount with its
// share of the order discount in it; and an edit sends the lines only when they changed.

const line = (i: number, quantity: number, unitPrice: number) => ({
  id: `${i}0000000-0000-4000-8000-000000000000`,
  lineNo: i,
  productId: `${i}1111111-1111-4111-8111-111111111111`,
  variantId: null,
  sku: `SKU${'X'.repeat(i)}`,
  nameEn: `Item ${i}`,
  nameAr: `صنف ${i}`,
  vendorId: null,
  vendorName: null,
  quantity,
  unitPrice,
  discount: 0,
  taxRateBasisPoints: 1600,
  tax: 0,
  total: 0,
  stockTaken: false,
});

/** An order as the server saves it: lines priced with their own discounts and the order discount spread over them. */
function saved(own: (Discount | undefined)[], orderDiscount: Discount | null) {
  const lines = [line(1, 3, 3333), line(2, 1, 12000), line(3, 2, 999)];
  const priced = priceOrder(
    lines.map((l, i) => ({ ...l, discount: own[i] })),
    orderDiscount ?? undefined,
  );
  return customerOrder({
    orderDiscount,
    lines: lines.map((l, i) => ({ ...l, discount: priced.lines[i]!.discount, tax: priced.lines[i]!.tax, total: priced.lines[i]!.total })),
    subtotal: priced.subtotal,
    discount: priced.discount,
    tax: priced.tax,
    total: priced.total,
  });
}

describe('the customer order form', () => {
  it.each([
    ['a percentage on the order', { kind: 'percentage', value: 750 } as Discount],
    ['an amount on the order', { kind: 'amount', value: 1234 } as Discount],
    ['no order discount', null],
  ])('prices a saved draft as it was saved, with %s', (_, orderDiscount) => {
    const order = saved([{ kind: 'percentage', value: 1000 }, { kind: 'amount', value: 500 }, undefined], orderDiscount);
    const priced = priceCart(formOf(order).cart);
    expect(priced.lines.map((l) => [l.discount, l.total])).toEqual(order.lines.map((l) => [l.discount, l.total]));
    expect(priced.total).toBe(order.total);
  });

  it('sends the lines and the order discount of an edit only when they changed', () => {
    const order = saved([undefined, { kind: 'amount', value: 500 }, undefined], { kind: 'percentage', value: 500 });
    const initial = formOf(order);
    const renamed = { ...initial, fields: { ...initial.fields, customerName: '  Layla H.  ' } };
    expect(changeOf(initial, renamed)).toEqual({
      ...orderBodyOf(renamed),
      lines: undefined,
      orderDiscount: undefined,
      customerName: 'Layla H.',
    });
    expect(Object.keys(changeOf(initial, renamed))).not.toContain('lines');

    const more = { ...renamed, cart: setQuantity(renamed.cart, renamed.cart.lines[0]!.key, 4) };
    const change = changeOf(initial, more);
    expect(change.lines?.map((l) => l.quantity)).toEqual([4, 1, 2]);
    expect(change.lines?.[1]?.discount).toEqual({ kind: 'amount', value: 500 });
    expect(change).not.toHaveProperty('orderDiscount');
  });
});
