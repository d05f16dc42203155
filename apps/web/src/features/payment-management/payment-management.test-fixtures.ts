import { marketAssignmentsRoutes, paymentManagementRoutes } from '@market/contracts';

// Contract-shaped answers for the payment management component tests: each parsed by the route's response schema,
// so a fixture that no longer matches the contract fails where it is made.

export const STAMP = '2026-03-01T09:00:00.000Z';
export const ASSIGNMENT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const VENDOR = '5a0c7d3e-1b2f-4c8a-9d6e-0f1a2b3c4d5e';
export const DAY = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
export const INVOICE = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';

type Fields = Record<string, unknown>;

/** A fee line of 25.00 AED for the stall. */
export const stallLine = {
  kind: 'stall',
  descriptionEn: 'Stall fee',
  descriptionAr: 'رسوم الموقف',
  quantity: 1,
  unitAmount: 2500,
  amount: 2500,
  feeRuleId: null,
} as const;

/** An issued invoice of 25.00 AED on the booking, nothing paid; `over` changes any field. */
export const invoiceSummary = (over: Fields = {}) => {
  const total = (over.total as number | undefined) ?? 2500;
  return paymentManagementRoutes.invoiceSchema.parse({
    id: INVOICE,
    number: 'INV-0042',
    vendorId: VENDOR,
    vendorName: 'Falafel Corner',
    assignmentId: ASSIGNMENT,
    marketDayId: DAY,
    marketDate: '2026-03-14',
    kind: 'full',
    status: 'issued',
    state: 'issued',
    currency: 'AED',
    issueDate: '2026-03-01',
    dueDate: '2026-03-07',
    notes: null,
    statusReason: null,
    total,
    charged: total,
    paid: 0,
    refunded: 0,
    waived: 0,
    credited: 0,
    balance: total,
    issuedAt: STAMP,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  });
};

/** The invoice with its parts (none unless given). */
export const invoiceDetail = (over: Fields = {}) =>
  paymentManagementRoutes.getInvoice.response.parse({
    ...invoiceSummary(over),
    lines: [],
    allocations: [],
    refunds: [],
    adjustments: [],
    ledger: [],
    history: [],
    ...over,
  });

/** The booking's fee preview: one stall line of 25.00 AED, no sales declared, nothing invoiced unless given. */
export const assignmentFees = (over: Fields = {}) =>
  paymentManagementRoutes.getAssignmentFees.response.parse({
    assignmentId: ASSIGNMENT,
    vendorId: VENDOR,
    vendorName: 'Falafel Corner',
    marketDayId: DAY,
    marketDate: '2026-03-14',
    slotId: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f70',
    slotCode: 'A3',
    categoryId: '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7081',
    acceptedAt: STAMP,
    pricedOn: '2026-03-01',
    currency: 'AED',
    lines: [],
    total: 0,
    depositBasisPoints: 0,
    schedule: [],
    invoices: [],
    declaredSales: null,
    declaredSalesAt: null,
    declaredSalesByName: null,
    salesShareInvoiced: false,
    salesShare: null,
    ...over,
  });

/** The booking the payment page is for (slot A3 at Harbour Square on 14 March); `over` changes any field. */
export const assignmentDetail = (over: Fields = {}) =>
  marketAssignmentsRoutes.getAssignment.response.parse({
    id: ASSIGNMENT,
    marketDayId: DAY,
    date: '2026-03-14',
    dayStatus: 'published',
    locationId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
    locationNameEn: 'Harbour Square',
    locationNameAr: 'ساحة الميناء',
    slotId: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f70',
    slotCode: 'A3',
    vendorId: VENDOR,
    vendorName: 'Falafel Corner',
    categoryId: '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7081',
    categoryNameEn: 'Street food',
    categoryNameAr: 'طعام الشارع',
    categoryColour: '#f97316',
    requestId: null,
    status: 'confirmed',
    statusReason: null,
    locked: false,
    termId: null,
    checkedInAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    setupTime: '07:00',
    openTime: '09:00',
    closeTime: '14:00',
    slotZone: 'North',
    slotWidthM: 3,
    slotDepthM: 3,
    slotPower: 'single_phase',
    vendorEmail: null,
    acceptedAt: STAMP,
    ...over,
  });
