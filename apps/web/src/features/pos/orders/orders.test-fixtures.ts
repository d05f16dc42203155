import { posRoutes } from '@market/contracts';

// Contract-shaped answers of the orders routes (JOD: three minor digits).

export const STAMP = '2026-03-01T09:00:00.000Z';
export const REGISTER = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';
export const SESSION = '7c2e9f5a-3d4b-4eac-9f8a-2b3c4d5e6f70';
export const SALE = '8d3fa06b-4e5c-4fbd-8a9b-3c4d5e6f7081';
export const RETURN = '9e4ab17c-5f6d-40ce-9bac-4d5e6f708192';
export const LINES = [
  'a05bc28d-6a7e-41df-8cbd-5e6f708192a3',
  'b16cd39e-7b8f-42e0-9dce-6f708192a3b4',
  'c27de4af-8c90-43f1-8edf-708192a3b4c5',
];
export const VENDORS = ['d38ef5b0-9da1-4402-8fe0-8192a3b4c5d6', 'e49f06c1-aeb2-4513-9a01-92a3b4c5d6e7'];
const PRODUCT = 'f5a017d2-bfc3-4624-8b12-a3b4c5d6e7f8';
const VARIANT = '06b128e3-c0d4-4735-9c23-b4c5d6e7f809';

export const register = (tenders: string[] = ['cash', 'card']) =>
  posRoutes.listRegisters.response.element.parse({
    id: REGISTER,
    name: 'Harbour till',
    locationId: null,
    locationNameEn: null,
    locationNameAr: null,
    openingFloat: 20000,
    tenders,
    receiptHeaderEn: '',
    receiptHeaderAr: '',
    receiptFooterEn: '',
    receiptFooterAr: '',
    allowNegativeStock: false,
    cashierIds: [],
    channelId: null,
    status: 'active',
    createdAt: STAMP,
    updatedAt: STAMP,
  });

export const summary = (n: number, over: Record<string, unknown> = {}) =>
  posRoutes.listOrders.response.shape.items.element.parse({
    id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
    kind: 'sale',
    receiptNumber: String(n).padStart(6, '0'),
    registerName: 'Harbour till',
    soldAt: STAMP,
    cashierName: 'Sam Seller',
    customerName: '',
    lineCount: 1,
    vendorCount: 1,
    tenders: ['cash'],
    total: 5000,
    placement: 'session',
    ...over,
  });

const line = (i: number, over: Record<string, unknown>) => ({
  id: LINES[i],
  lineNo: i + 1,
  productId: PRODUCT,
  variantId: null,
  sku: `SKU-${i}`,
  nameEn: `Item ${i}`,
  nameAr: `صنف ${i}`,
  vendorId: VENDORS[0],
  vendorName: 'Olive Grove',
  categoryId: null,
  quantity: 1,
  unitPrice: 5000,
  listPrice: 5000,
  discount: 0,
  taxRateBasisPoints: 1600,
  tax: 690,
  total: 5000,
  commission: 500,
  soldPastZero: false,
  returnedQuantity: 0,
  originalLineId: null,
  restocked: false,
  ...over,
});

/** A sale of three lines from two vendors: oil x2 (one returned already), honey x1, bowls x3; card and cash with change. */
export const sale = (over: Record<string, unknown> = {}) =>
  posRoutes.getOrder.response.parse({
    id: SALE,
    kind: 'sale',
    receiptNumber: '000123',
    registerId: REGISTER,
    registerName: 'Harbour till',
    sessionId: SESSION,
    placement: 'session',
    originalOrderId: null,
    originalReceiptNumber: null,
    soldAt: STAMP,
    recordedAt: STAMP,
    cashierName: 'Sam Seller',
    customerName: 'Layla',
    customerEmail: '',
    note: '',
    subtotal: 49250,
    discount: 0,
    tax: 6793,
    total: 49250,
    lines: [
      line(0, {
        sku: 'OIL',
        nameEn: 'Olive oil',
        variantId: VARIANT,
        quantity: 2,
        total: 10000,
        tax: 1379,
        commission: 1000,
        returnedQuantity: 1,
      }),
      line(1, {
        sku: 'HONEY',
        nameEn: 'Wild honey',
        vendorId: VENDORS[1],
        vendorName: 'Bee Farm',
        unitPrice: 3250,
        total: 3250,
        tax: 448,
        commission: 200,
      }),
      line(2, { sku: 'BOWL', nameEn: 'Clay bowl', quantity: 3, unitPrice: 12000, total: 36000, tax: 4966, commission: 3600 }),
    ],
    payments: [
      { tender: 'card', amount: 10000, change: 0, reference: '' },
      { tender: 'cash', amount: 40000, change: 750, reference: '' },
    ],
    returns: [{ id: RETURN, receiptNumber: '000124', total: 5000, soldAt: STAMP }],
    ...over,
  });

export const openSession = () =>
  posRoutes.getSession.response.parse({
    id: SESSION,
    registerId: REGISTER,
    registerName: 'Harbour till',
    status: 'open',
    openedAt: STAMP,
    openedByName: 'Mona Manager',
    openingFloat: 20000,
    openingNote: '',
    closedAt: null,
    closedByName: null,
    closingNote: '',
    saleCount: 1,
    returnCount: 0,
    grossSales: 49250,
    returns: 0,
    discounts: 0,
    taxes: 6793,
    cashIn: 0,
    cashOut: 0,
    expectedCash: 59250,
    closing: null,
  });

export const currencyHandler = {
  method: 'GET',
  path: '/payments/overview',
  reply: () => ({
    body: { currency: 'JOD', states: [], totals: { count: 0, charged: 0, paid: 0, refunded: 0, waived: 0, credited: 0, balance: 0 } },
  }),
};

export const vendorsHandler = {
  method: 'GET',
  path: '/vendors',
  reply: () => ({ body: { items: [], total: 0, page: 1, pageSize: 100 } }),
};
