// Payment management: fee rules, invoices, payments, refunds, adjustments and the one vendor ledger.
export { paymentManagementRoutes } from './payment-management.routes.js';
// The vendor portal declares a vendor's own sales through the same rule (with `{ vendorId }`).
export { declareSales, type DeclareSalesOptions } from './declared-sales.service.js';
