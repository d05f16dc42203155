import { VendorsArea } from './components/vendors-area';

/** Vendor Applications (/market-vendor-management): market vendors (and online-only ones) and, next, their applications. */
export default function MarketVendorsPage() {
  return <VendorsArea area="market" titleKey="route.marketVendorManagement" />;
}
