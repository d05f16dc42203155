import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { MfaEnrolDialog } from './mfa-enrol-dialog';
import { useMySecurity } from './settings-api';

/**
 * Shown to a staff member whose organization requires two-step sign-in for their role while they have no factor:
 * until they set one up, the server gives them the dashboard only. Its button opens the set-up with an authenticator
 * app. Mount it in the shell above the page.
 */
export function MfaPolicyBanner({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const mine = useMySecurity(signedIn);
  const [open, setOpen] = useState(false);
  if (!mine.data?.mfaEnrollmentRequired) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <ShieldAlert className="size-4 shrink-0" aria-hidden />
      <span className="flex-1">{t('settings.mfaBanner.text')}</span>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('settings.mfaBanner.action')}
      </Button>
      {open && <MfaEnrolDialog open={open} onOpenChange={setOpen} />}
    </div>
  );
}
