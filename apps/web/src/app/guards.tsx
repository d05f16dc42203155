import type { PermissionKey } from '@market/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { useMe } from './session/use-me';
import { useAuth } from './session/auth-provider';
import { needsPassword } from './session/needs-password';
import { useI18n } from './i18n/i18n-provider';
import { auth } from '../lib/supabase';
import { NoAccessPage } from '../routes/no-access-page';

/** Shows "Loading..." while the session resolves; without a user, goes to /auth with the original location. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session, loading } = useAuth();
  const { t } = useI18n();
  const location = useLocation();
  // A user with a verified second factor finishes signing in on /auth before entering the shell.
  const [aal, setAal] = useState<'pending' | 'ok' | 'needs-mfa'>('pending');
  useEffect(() => {
    if (!session) return;
    let live = true;
    void auth()
      .mfa.getAuthenticatorAssuranceLevel()
      .then(({ data }) => live && setAal(data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2' ? 'needs-mfa' : 'ok'));
    return () => {
      live = false;
    };
  }, [session]);
  const from = `${location.pathname}${location.search}${location.hash}`;
  if (loading || (session && aal === 'pending'))
    return (
      <div role="status" className="p-6 text-sm text-muted-foreground">
        {t('common.loading')}
      </div>
    );
  // An account without a password yet (its address was proven just now, decision 008) chooses one on /auth first.
  if (!session || aal === 'needs-mfa' || needsPassword(session.user)) return <Navigate to="/auth" replace state={{ from }} />;
  return <>{children}</>;
}

/** While languages and translations load, the skeleton is shown (every route except under /auth). */
export function RequireI18n({ children }: { children: ReactNode }) {
  const { ready } = useI18n();
  return ready ? <>{children}</> : <PageSkeleton />;
}

/** A route the user lacks the permission for shows a "no access" page, never the page itself. */
export function RequirePermission({
  permission,
  superAdminOnly,
  children,
}: {
  permission: PermissionKey | null;
  superAdminOnly?: boolean;
  children: ReactNode;
}) {
  const me = useMe();
  if (!permission && !superAdminOnly) return <>{children}</>;
  if (me.isPending) return <PageSkeleton />;
  const perms = me.data?.permissions ?? (me.isError ? ['dashboard', 'products', 'assets', 'workflows', 'tasks'] : []);
  const allowed = (!permission || perms.includes(permission)) && (!superAdminOnly || me.data?.effectiveRole === 'super_admin');
  return allowed ? <>{children}</> : <NoAccessPage permission={permission} />;
}
