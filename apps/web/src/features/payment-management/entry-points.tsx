import { lazy, Suspense, type ReactNode } from 'react';
import { useT } from '../../app/i18n/i18n-provider';

// What other features show of payment management, each loaded on first use: the market area's tabs and the
// vendor record's statement stay out of those pages' own chunks until someone opens them.
const Overview = lazy(() => import('./overview/payments-overview'));
const Fees = lazy(() => import('./fees/fees-tab'));
const Statement = lazy(() => import('./statement/vendor-ledger-statement'));

function Loading({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loading')}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/** The "Payments" tab of /market-events: invoices with filters, totals and export. */
export function PaymentsOverviewTab() {
  return (
    <Loading>
      <Overview />
    </Loading>
  );
}

/** The "Fees" tab of /market-events: fee rules and the market policy. */
export function FeesTab() {
  return (
    <Loading>
      <Fees />
    </Loading>
  );
}

/** A vendor's statement (opening balance, entries, running and closing balance) with CSV and print. */
export function VendorLedgerStatement({ vendorId }: { vendorId: string }) {
  return (
    <Loading>
      <Statement vendorId={vendorId} />
    </Loading>
  );
}
