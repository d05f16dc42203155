import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { waitlistOfferSchema } from '../market-assignments/waitlist-schemas.js';
import { vendorPortalOverviewSchema } from '../applications/schemas.js';
import { documentPdfQuery, ledgerExportQuery, ledgerQuery, vendorStatementSchema } from '../payment-management/payment-schemas.js';
import { declaredSalesSchema } from '../payment-management/schemas.js';
import {
  vendorDeclaredSalesSchema,
  vendorInvoiceDetailSchema,
  vendorInvoiceParams,
  vendorInvoiceSchema,
  vendorMarketDaysSchema,
} from './schemas.js';

export * from './schemas.js';

export const getVendorOverview = defineRoute({
  method: 'GET',
  path: '/vendor-portal/overview',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's own record (categories, documents) and applications",
  access: { permission: 'vendor_dashboard' },
  response: vendorPortalOverviewSchema,
});

/** An offer or a booking of the signed-in vendor's own. */
const idParams = z.object({ id: z.uuid('must be an id') });

export const listVendorOffers = defineRoute({
  method: 'GET',
  path: '/vendor-portal/offers',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's open waitlist offers: a free stall on a market day, until the offer expires",
  access: { permission: 'vendor_dashboard' },
  response: z.array(waitlistOfferSchema),
});
export const acceptVendorOffer = defineRoute({
  method: 'POST',
  path: '/vendor-portal/offers/:id/accept',
  tag: 'vendor-portal',
  summary: 'Accept an open offer of the signed-in vendor: the stall is booked for it',
  access: { permission: 'vendor_dashboard' },
  params: idParams,
  response: waitlistOfferSchema,
});
export const declineVendorOffer = defineRoute({
  method: 'POST',
  path: '/vendor-portal/offers/:id/decline',
  tag: 'vendor-portal',
  summary: 'Decline an open offer of the signed-in vendor: the stall passes to the next vendor in line',
  access: { permission: 'vendor_dashboard' },
  params: idParams,
  response: waitlistOfferSchema,
});

// ---- the vendor's own market days and money (always the caller's own vendor record; another's ids are 404) ----

export const listVendorMarketDays = defineRoute({
  method: 'GET',
  path: '/vendor-portal/market-days',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's requests and bookings of market days, upcoming then past, each with its invoice state",
  access: { permission: 'vendor_dashboard' },
  response: vendorMarketDaysSchema,
});
export const declareVendorSales = defineRoute({
  method: 'PUT',
  path: '/vendor-portal/market-days/:id/declared-sales',
  tag: 'vendor-portal',
  summary:
    "Declare the signed-in vendor's sales of one of its booked days (minor units, 0 or more; :id is the booking): on or after the market day, for a booking that held its slot",
  access: { permission: 'vendor_dashboard' },
  params: idParams,
  body: declaredSalesSchema,
  response: vendorDeclaredSalesSchema,
});
export const listVendorInvoices = defineRoute({
  method: 'GET',
  path: '/vendor-portal/invoices',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's invoices (never drafts), newest first, with their figures from the ledger",
  access: { permission: 'vendor_dashboard' },
  response: z.array(vendorInvoiceSchema),
});
export const getVendorInvoice = defineRoute({
  method: 'GET',
  path: '/vendor-portal/invoices/:id',
  tag: 'vendor-portal',
  summary: "One of the signed-in vendor's invoices with its lines, payments and refunds",
  access: { permission: 'vendor_dashboard' },
  params: vendorInvoiceParams,
  response: vendorInvoiceDetailSchema,
});
export const getVendorInvoicePdf = defineRoute({
  method: 'GET',
  path: '/vendor-portal/invoices/:id/pdf',
  tag: 'vendor-portal',
  summary: "One of the signed-in vendor's invoices as an A4 PDF in the language asked for",
  access: { permission: 'vendor_dashboard' },
  params: vendorInvoiceParams,
  query: documentPdfQuery,
  response: z.string(),
});
export const getVendorStatement = defineRoute({
  method: 'GET',
  path: '/vendor-portal/statement',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's statement for a date range: opening balance, entries with running balance, closing balance",
  access: { permission: 'vendor_dashboard' },
  query: ledgerQuery,
  response: vendorStatementSchema,
});
export const exportVendorStatement = defineRoute({
  method: 'GET',
  path: '/vendor-portal/statement/export',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's statement as CSV (English headers) or an A4 PDF, the same files staff download",
  access: { permission: 'vendor_dashboard' },
  query: ledgerExportQuery,
  response: z.string(),
});
