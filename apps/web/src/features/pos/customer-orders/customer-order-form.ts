import type { CustomerOrderFulfilment } from '@market/contracts/plain';
import { newCart, orderBody, priceOrder, type Cart, type Discount, type Sellable } from '../register/cart';
import type { CustomerOrder, CustomerOrderChange, CustomerOrderCreate, CustomerOrderLine } from './customer-orders-api';

// The new-order and edit form as plain data: the customer's fields beside a register cart (its lines, their
// quantities and discounts, the order discount), so the running total is the register's own arithmetic.

export interface OrderFields {
  registerId: string;
  fulfilment: CustomerOrderFulfilment;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryAddress: string;
  /** YYYY-MM-DD, or empty. */
  dueOn: string;
  note: string;
}

export interface OrderForm {
  fields: OrderFields;
  cart: Cart;
}

export const emptyForm = (registerId: string): OrderForm => ({
  fields: {
    registerId,
    fulfilment: 'pickup',
    customerName: '',
    customerEmail: '',
    customerPhone: '',
    deliveryAddress: '',
    dueOn: '',
    note: '',
  },
  cart: newCart(),
});

/** A saved line as the cart holds it: priced as it was saved; its stock is checked by the server on confirming. */
const itemOf = (l: CustomerOrderLine): Sellable => ({
  productId: l.productId ?? '',
  variantId: l.variantId,
  sku: l.sku,
  barcode: null,
  nameEn: l.nameEn,
  nameAr: l.nameAr,
  vendorId: l.vendorId,
  vendorName: l.vendorName,
  price: l.unitPrice,
  taxRateBasisPoints: l.taxRateBasisPoints,
  tracksStock: false,
  stock: null,
});

/**
 * A draft's form. The order tells each line's discount with its share of the order discount in it, not the
 * discount as it was typed: a line's own discount comes back as the amount it took off (`ownDiscounts`), which
 * prices the same. The edit sends the lines only when they were changed, so an untouched order keeps its own.
 */
export function formOf(o: CustomerOrder): OrderForm {
  const own = ownDiscounts(o);
  const lines = o.lines.map((l, i) => {
    const item = itemOf(l);
    return { key: `${item.productId}:${item.variantId ?? ''}`, item, quantity: l.quantity, unitPrice: l.unitPrice, discount: own[i] };
  });
  return {
    fields: {
      registerId: o.registerId,
      fulfilment: o.fulfilment,
      customerName: o.customerName,
      customerEmail: o.customerEmail,
      customerPhone: o.customerPhone,
      deliveryAddress: o.deliveryAddress,
      dueOn: o.dueOn ?? '',
      note: o.note,
    },
    cart: { ...newCart(), lines, ...(o.orderDiscount ? { orderDiscount: o.orderDiscount } : {}) },
  };
}

/**
 * Each line's own discount as an amount: its discount less its share of the order discount. The share depends on
 * the own discounts, so they are found by pricing again until every line's discount is the saved one (a few
 * rounds; the last guess stands if rounding never lets them meet).
 */
function ownDiscounts(o: CustomerOrder): (Discount | undefined)[] {
  const own = o.lines.map((l) => (o.orderDiscount ? 0 : l.discount));
  for (let round = 0; o.orderDiscount && round < 8; round++) {
    const priced = priceOrder(
      o.lines.map((l, i) => ({ ...l, discount: own[i] ? { kind: 'amount' as const, value: own[i]! } : undefined })),
      o.orderDiscount,
    );
    const off = o.lines.map((l, i) => l.discount - priced.lines[i]!.discount);
    if (off.every((d) => d === 0)) break;
    off.forEach((d, i) => (own[i] = Math.max(0, own[i]! + d)));
  }
  return own.map((value) => (value > 0 ? { kind: 'amount', value } : undefined));
}

/**
 * The order as POST /pos/customer-orders takes it (PATCH takes the same). Its lines and order discount are the
 * register's sale body's: the prices shown, a discount only when there is one. An order has no session, payments
 * or sale time, so those parts of the sale body are left aside.
 */
export function orderBodyOf({ fields: f, cart }: OrderForm): CustomerOrderCreate {
  const sale = orderBody(cart, { registerId: f.registerId, sessionId: '', payments: [], soldAt: '' });
  return {
    registerId: f.registerId,
    fulfilment: f.fulfilment,
    customerName: f.customerName.trim(),
    customerEmail: f.customerEmail.trim(),
    customerPhone: f.customerPhone.trim(),
    deliveryAddress: f.fulfilment === 'delivery' ? f.deliveryAddress.trim() : '',
    dueOn: f.dueOn || null,
    note: f.note.trim(),
    lines: sale.lines,
    orderDiscount: sale.orderDiscount ?? null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A draft's edit: every field; the lines and the order discount only when they changed (see `formOf`). */
export function changeOf(initial: OrderForm, form: OrderForm): CustomerOrderChange {
  const before = orderBodyOf(initial);
  const { lines, orderDiscount, ...rest } = orderBodyOf(form);
  return {
    ...rest,
    ...(same(before.lines, lines) ? {} : { lines }),
    ...(same(before.orderDiscount, orderDiscount) ? {} : { orderDiscount }),
  };
}
