import { posRoutes } from '@market/contracts';
import { REGISTER, STAMP } from '../orders/orders.test-fixtures';

// Contract-shaped answers of the customer orders routes (JOD: three minor digits).

export const ORDER = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
export const SALE_ID = '2b3c4d5e-6f70-4b9c-8d1e-2f3a4b5c6d7e';
const PRODUCT = '3c4d5e6f-7081-4cad-9e2f-3a4b5c6d7e8f';
const VENDOR = '4d5e6f70-8192-4dbe-8f3a-4b5c6d7e8f90';
export const UPDATED = '2026-03-02T10:00:00.000Z';

/** The id of the n-th order of a list (`n` from 1). */
export const orderId = (n: number) => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
export const orderNumber = (n: number) => `O-${String(n).padStart(6, '0')}`;

export const customerSummary = (n: number, over: Record<string, unknown> = {}) =>
  posRoutes.listCustomerOrders.response.shape.items.element.parse({
    id: orderId(n),
    number: orderNumber(n),
    state: 'draft',
    fulfilment: 'pickup',
    registerName: 'Harbour till',
    customerName: `Customer ${n}`,
    dueOn: '2026-03-05',
    total: 10000,
    paid: 0,
    createdAt: STAMP,
    ...over,
  });

/** Olive oil x2 at 5.000 from Olive Grove: 10.000 with 1.379 tax. */
export const customerOrder = (over: Record<string, unknown> = {}) =>
  posRoutes.getCustomerOrder.response.parse({
    id: ORDER,
    number: 'O-000042',
    state: 'draft',
    fulfilment: 'pickup',
    registerId: REGISTER,
    registerName: 'Harbour till',
    customerName: 'Layla Haddad',
    customerEmail: 'layla@example.com',
    customerPhone: '+962 7 9000 0000',
    deliveryAddress: '',
    dueOn: '2026-03-05',
    note: '',
    orderDiscount: null,
    lines: [
      {
        id: '5e6f7081-92a3-4ecf-9a4b-5c6d7e8f9001',
        lineNo: 1,
        productId: PRODUCT,
        variantId: null,
        sku: 'OIL',
        nameEn: 'Olive oil',
        nameAr: 'زيت زيتون',
        vendorId: VENDOR,
        vendorName: 'Olive Grove',
        quantity: 2,
        unitPrice: 5000,
        discount: 0,
        taxRateBasisPoints: 1600,
        tax: 1379,
        total: 10000,
        stockTaken: false,
      },
    ],
    subtotal: 10000,
    discount: 0,
    tax: 1379,
    total: 10000,
    paid: 0,
    payments: [],
    history: [{ at: STAMP, byName: 'Sam Seller', event: 'created', reason: '', tender: null, amount: null }],
    saleId: null,
    saleReceiptNumber: null,
    createdByName: 'Sam Seller',
    createdAt: STAMP,
    updatedAt: UPDATED,
    ...over,
  });

export const payment = (amount: number, over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  tender: 'cash',
  amount,
  reference: '',
  byName: 'Sam Seller',
  createdAt: STAMP,
  ...over,
});

export const oil = () =>
  posRoutes.lookupSellables.response.element.parse({
    productId: PRODUCT,
    variantId: null,
    sku: 'OIL',
    barcode: null,
    nameEn: 'Olive oil',
    nameAr: 'زيت زيتون',
    vendorId: VENDOR,
    vendorName: 'Olive Grove',
    price: 5000,
    taxRateBasisPoints: 1600,
    tracksStock: true,
    stock: 12,
  });
