import { ApplicationWizard } from './components/application-wizard';

/** Public form (no sign-in) for junior vendors aged 8 to 17, filled in with their guardian. */
export default function JuniorVendorApplicationPage() {
  return <ApplicationWizard stream="junior_vendor" />;
}
