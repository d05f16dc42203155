import { ApplicationWizard } from './components/application-wizard';

/** Public form (no sign-in) for people who want to run a workshop on a market day. */
export default function WorkshopApplicationPage() {
  return <ApplicationWizard stream="workshop" />;
}
