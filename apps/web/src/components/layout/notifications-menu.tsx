import { Bell } from 'lucide-react';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../ui/button';
import { Menu, MenuContent, MenuLabel, MenuTrigger } from '../ui/menu';

/**
 * The bell. No area produces notifications yet, so it counts none and says so; the badge appears
 * with a real unread count once notifications exist, never a made-up number.
 */
export function NotificationsMenu() {
  const t = useT();
  const unread = 0;
  const label = t('header.notifications', { count: unread });
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} title={label}>
          <Bell className="size-4" aria-hidden />
          {unread > 0 && (
            <span className="absolute -end-0.5 -top-0.5 flex size-4 items-center justify-center rounded-full bg-destructive text-[10px] text-destructive-foreground">
              {unread}
            </span>
          )}
        </Button>
      </MenuTrigger>
      <MenuContent className="w-72">
        <MenuLabel>{t('notifications.title')}</MenuLabel>
        <p className="px-2 py-4 text-center text-sm text-muted-foreground">{t('notifications.empty')}</p>
      </MenuContent>
    </Menu>
  );
}
