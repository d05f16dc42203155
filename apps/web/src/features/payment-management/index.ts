// What other features use of payment management (each part loads on first use).
export { FeesTab, PaymentsOverviewTab, VendorLedgerStatement } from './entry-points';
