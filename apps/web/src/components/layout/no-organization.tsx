import { Building2, LogOut, User } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../ui/button';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useAuth } from '../../app/session/auth-provider';
import { logout } from '../../app/session/logout';

// Loaded when first opened, as in the user menu.
const ProfileDialog = lazy(() => import('./profile-dialog'));

/**
 * What a signed-in account that no organization has added sees in place of every page: the areas hold an
 * organization's data (the server refuses it), so it is told what that means, whom to ask, and what it can do
 * meanwhile. The shell around it stays (the sidebar shows the content set, spec section 6).
 */
export function NoOrganization() {
  const { t } = useI18n();
  const { session } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 py-6" data-testid="no-organization">
      <Building2 className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">{t('page.noOrganization.title')}</h1>
      <p className="text-sm">{t('page.noOrganization.description', { email: session?.user.email ?? '' })}</p>
      <p className="text-sm text-muted-foreground">{t('page.noOrganization.contact')}</p>
      <p className="text-sm text-muted-foreground">{t('page.noOrganization.meanwhile')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setProfileOpen(true)}>
          <User className="size-4" aria-hidden />
          {t('userMenu.profile')}
        </Button>
        <Button variant="outline" onClick={() => void logout()}>
          <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('userMenu.logout')}
        </Button>
      </div>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      )}
    </section>
  );
}
