import { Dialog } from 'radix-ui';
import { Store } from 'lucide-react';
import { NavLink } from 'react-router';
import { useT } from '../../app/i18n/i18n-provider';
import { cn } from '../../lib/cn';
import { visibleGroups, type Viewer } from './nav-items';
import { useSidebar } from './sidebar-context';

function SidebarBody({ viewer, collapsed, onNavigate }: { viewer: Viewer; collapsed: boolean; onNavigate?: () => void }) {
  const t = useT();
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex items-center gap-2 border-b py-3', collapsed ? 'justify-center' : 'px-3')}>
        <div className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Store className="size-4" aria-hidden />
        </div>
        {!collapsed && (
          <div className="min-w-0 leading-tight">
            <div className="truncate text-sm font-semibold">{t('sidebar.title')}</div>
            <div className="truncate text-xs text-muted-foreground">{t('sidebar.subtitle')}</div>
          </div>
        )}
      </div>
      <nav className="flex-1 overflow-y-auto py-2" aria-label={t('sidebar.title')}>
        {visibleGroups(viewer).map((group) => (
          <div key={group.key} className="px-2 py-1" role="group" aria-label={t(group.key)}>
            {!collapsed && <div className="px-2 pb-1 pt-2 text-xs font-medium text-muted-foreground">{t(group.key)}</div>}
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => (
                <li key={item.route}>
                  <NavLink
                    to={item.route}
                    end
                    onClick={onNavigate}
                    title={collapsed ? t(item.key) : undefined}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 rounded-md py-1.5 text-sm text-sidebar-foreground hover:bg-sidebar-accent',
                        collapsed ? 'justify-center' : 'px-2',
                        isActive && 'bg-sidebar-accent font-medium',
                      )
                    }
                  >
                    <item.icon className="size-4 shrink-0" aria-hidden />
                    {collapsed ? <span className="sr-only">{t(item.key)}</span> : <span className="truncate">{t(item.key)}</span>}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div
        data-testid="sidebar-version"
        title={t('sidebar.version')}
        className={cn('overflow-hidden border-t py-2 text-muted-foreground', collapsed ? 'text-center text-[0.625rem]' : 'px-3 text-xs')}
      >
        {t('sidebar.version')}
      </div>
    </div>
  );
}

/** Fixed at the start edge on wide screens (16rem, 3rem collapsed); a sheet of 18rem below 768 px. */
export function AppSidebar({ viewer, ready }: { viewer: Viewer; ready: boolean }) {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();
  const t = useT();
  if (isMobile) {
    return (
      <Dialog.Root open={openMobile} onOpenChange={setOpenMobile}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content
            data-testid="sidebar-sheet"
            data-ready={ready}
            className="fixed inset-y-0 start-0 z-50 w-[18rem] bg-sidebar text-sidebar-foreground shadow-xl"
          >
            <Dialog.Title className="sr-only">{t('sidebar.title')}</Dialog.Title>
            <Dialog.Description className="sr-only">{t('sidebar.subtitle')}</Dialog.Description>
            <SidebarBody viewer={viewer} collapsed={false} onNavigate={() => setOpenMobile(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }
  return (
    <aside
      data-testid="sidebar"
      data-ready={ready}
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 h-svh shrink-0 border-e bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        open ? 'w-[16rem]' : 'w-[3rem]',
      )}
    >
      <SidebarBody viewer={viewer} collapsed={!open} />
    </aside>
  );
}
