// What other features use of payment management (each part loads on first use).
export { FeesTab, PaymentsOverviewTab, VendorLedgerStatement } from './entry-points';
// The vendor portal shows the vendor's own statement and invoice prints with the same views and formats.
export { StatementPanel, useStatementRange } from './statement/statement-panel';
export { PrintDialog } from './print/print-dialog';
export type { PrintableInvoice } from './print/print-documents';
export { formatDay } from './format';
export { formatMoney } from './money';
