import { VendorInvoicesCard } from './vendor-invoices-card';
import { VendorMarketDaysCard } from './vendor-market-days-card';
import { VendorStatementCard } from './vendor-statement-card';

/**
 * The vendor's market days, invoices and statement (loaded with the payment views they reuse, after the rest of
 * the dashboard has painted).
 */
export default function VendorMoney() {
  return (
    <>
      <VendorMarketDaysCard />
      <VendorInvoicesCard />
      <VendorStatementCard />
    </>
  );
}
