import { VendorsArea } from './components/vendors-area';

/** Junior Vendor Applications (/junior-vendor-management): junior vendors and, next, their applications. */
export default function JuniorVendorsPage() {
  return <VendorsArea area="junior" titleKey="route.juniorVendorManagement" />;
}
