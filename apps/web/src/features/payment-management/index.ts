// What other features use of payment management (each part loads on first use).
export { FeesTab, PaymentsOverviewTab, VendorLedgerStatement } from './entry-points';
// The vendor portal shows the vendor's own statement and invoice prints with the same views and formats.
export { StatementPanel, useStatementRange } from './statement/statement-panel';
export { PrintDialog } from './print/print-dialog';
export type { PrintableInvoice } from './print/print-documents';
export { formatDay } from './format';
export { formatMoney, minorDigits, toMajorInput, toMinor } from './money';
// Point of sale prices its registers' floats in the same currency.
export { useBaseCurrency } from './payment-management-api';
export { downloadFile, type StatementFile } from './payment-management-api';
export { DownloadPdfButton } from './components/download-pdf-button';
// A vendor declares its own sales with the same money field, checks and form behaviour as staff.
export { FormError, MoneyField } from './components/form-bits';
export { useMoneyForm } from './use-money-form';
