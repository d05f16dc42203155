import NotAvailablePage from '../../routes/not-available-page';

/** Placeholder until this area is built. */
export default function Page() {
  return <NotAvailablePage titleKey="route.marketSlots" />;
}
