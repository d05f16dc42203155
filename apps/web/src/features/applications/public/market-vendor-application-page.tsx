import { ApplicationWizard } from './components/application-wizard';

/** Public form (no sign-in) for market vendors who want a stall. */
export default function MarketVendorApplicationPage() {
  return <ApplicationWizard stream="market_vendor" />;
}
