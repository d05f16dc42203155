// Payment management: fee rules, invoices, payments, refunds, adjustments and the one vendor ledger.
export { paymentManagementRoutes } from './payment-management.routes.js';
