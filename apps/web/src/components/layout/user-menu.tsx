import { LogOut, Settings, User } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../../app/session/use-me';
import { useAuth } from '../../app/session/auth-provider';
import { logout } from '../../app/session/logout';
import { useT } from '../../app/i18n/i18n-provider';
import { Avatar, initialsOf } from '../ui/avatar';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import type { Viewer } from './nav-items';

// Loaded when first opened: most page views never open the profile.
const ProfileDialog = lazy(() => import('./profile-dialog'));

export function UserMenu({ viewer }: { viewer: Viewer }) {
  const t = useT();
  const { session } = useAuth();
  const me = useMe();
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  const meta = session?.user.user_metadata ?? {};
  const name: string = me.data?.profile?.fullName ?? meta.full_name ?? '';
  const email = session?.user.email ?? '';
  const avatar: string | null = me.data?.profile?.avatarUrl ?? meta.avatar_url ?? null;
  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <button
            type="button"
            className="flex items-center gap-2 rounded-md p-1 hover:bg-accent"
            aria-label={t('header.userMenuOf', { initials: initialsOf(name, email), name: name || email })}
            data-testid="user-menu"
          >
            <Avatar src={avatar} name={name} email={email} />
          </button>
        </MenuTrigger>
        <MenuContent className="w-60" aria-label={t('header.userMenu')}>
          <div className="flex items-center gap-2 px-2 py-1.5">
            <Avatar src={avatar} name={name} email={email} />
            <div className="min-w-0">
              <div className="max-w-[10rem] truncate text-sm font-medium">{name || email}</div>
              <div className="max-w-[10rem] truncate text-xs text-muted-foreground">{email}</div>
            </div>
          </div>
          <MenuSeparator />
          <MenuItem onSelect={() => setProfileOpen(true)}>
            <User className="size-4" aria-hidden />
            {t('userMenu.profile')}
          </MenuItem>
          {viewer.permissions.includes('settings') && (
            <MenuItem onSelect={() => navigate('/settings')}>
              <Settings className="size-4" aria-hidden />
              {t('userMenu.settings')}
            </MenuItem>
          )}
          <MenuSeparator />
          <MenuItem onSelect={() => void logout()}>
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('userMenu.logout')}
          </MenuItem>
        </MenuContent>
      </Menu>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      )}
    </>
  );
}
