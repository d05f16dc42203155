import NotAvailablePage from '../../routes/not-available-page';

/** Placeholder until this page is built. */
export default function JuniorVendorApplicationPage() {
  return <NotAvailablePage titleKey="route.dashboard" />;
}
