// Payment management: fee rules, invoices, payments, refunds, adjustments and the one vendor ledger.
export { paymentManagementRoutes } from './payment-management.routes.js';
// The vendor portal declares a vendor's own sales through the same rule (with `{ vendorId }`).
export { declareSales, vendorSalesRefusal, type DeclareSalesOptions } from './declared-sales.service.js';
// What the vendor portal reads of a vendor's money, for the caller's own vendor: the same sums, figures and file as
// the staff screens (statement and its CSV, issued invoices), the base currency, and a booking's invoice state.
export { statement, statementCsv } from './ledger.service.js';
export { issuedInvoiceOf, issuedInvoicesOf, type IssuedInvoice, type IssuedInvoiceDetail } from './vendor-invoices.js';
export { baseCurrency } from './payment-management.shared.js';
export { bookingInvoiceState } from './booking-money.repository.js';
// Statements and invoices as PDFs, for the vendor portal's own too.
export { invoicePdfFile, statementPdfFile } from './documents-pdf.service.js';
// Point of sale writes its sales, commissions and payouts to the same ledger, in the same money.
export { requireBaseCurrency } from './payment-management.shared.js';
export { roundHalfUp } from './fees.js';
// A sale's receipt is e-mailed as an invoice is: limited per hour by the audit rows of its earlier sends.
export { emailsInLastHour, organizationName } from './invoice-email.repository.js';
