import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ExternalLink, Languages, Palette, PanelLeft, Plus, RefreshCw, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { afterStart } from '../../app/session/after-start';
import { useI18n } from '../../app/i18n/i18n-provider';
import { THEMES, useTheme, type Theme } from '../../app/theme/theme-provider';
import { Button } from '../ui/button';
import { Menu, MenuContent, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuTrigger } from '../ui/menu';
import { NotificationsMenu } from './notifications-menu';
import { useSidebar } from './sidebar-context';
import { UserMenu } from './user-menu';
import type { Viewer } from './nav-items';

const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(loadPalette);

export const APP_REFRESH_EVENT = 'app:refresh';

const SHORTCUT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl K';

/** Refetches every active query, then tells the app; a failure is only logged. */
export async function refreshAll(qc: ReturnType<typeof useQueryClient>): Promise<void> {
  try {
    await qc.invalidateQueries({ refetchType: 'active' });
    window.dispatchEvent(new CustomEvent(APP_REFRESH_EVENT));
  } catch (err) {
    console.error('Refresh failed', err);
  }
}

export function AppHeader({ viewer }: { viewer: Viewer }) {
  const { t, languages, language, setLanguage } = useI18n();
  const { theme, setTheme } = useTheme();
  const { toggle } = useSidebar();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const canCreateProducts = viewer.permissions.includes('products') && !viewer.noOrganization;
  // Ctrl+K / ⌘K opens "Search everything..." from anywhere (and closes it again).
  // The palette is opened with a shortcut and typed into at once: load it once the first page is in, so no
  // keystroke lands before it exists.
  useEffect(() => afterStart(() => void loadPalette()), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        setPaletteOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
      <Button variant="ghost" size="icon" onClick={toggle} aria-label={t('sidebar.toggle')} title={t('sidebar.toggle')}>
        <PanelLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      </Button>
      <div className="hidden min-w-0 items-center gap-2 lg:flex">
        <div className="min-w-0 leading-tight">
          <div className="truncate text-sm font-semibold">{t('app.title')}</div>
          <div className="truncate text-xs text-muted-foreground">{t('header.subtitle')}</div>
        </div>
        <span className="rounded bg-primary px-1.5 py-0.5 text-[10px] font-semibold text-primary-foreground">{t('header.pro')}</span>
      </div>
      <div className="flex-1" />
      <button
        type="button"
        onClick={() => setPaletteOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="hidden h-9 w-64 items-center gap-2 rounded-md border bg-muted/50 px-3 text-sm text-muted-foreground hover:bg-muted md:flex"
      >
        <Search className="size-4" aria-hidden />
        <span className="truncate">{t('header.search')}</span>
        <kbd className="ms-auto rounded border bg-background px-1 text-[10px] text-muted-foreground" aria-hidden>
          {SHORTCUT}
        </kbd>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        onClick={() => setPaletteOpen(true)}
        aria-label={t('header.search')}
        title={t('search.shortcut')}
      >
        <Search className="size-4" aria-hidden />
      </Button>
      <div className="hidden items-center gap-1 xl:flex">
        <Button variant="outline" size="sm" onClick={() => navigate('/today')}>
          <CalendarDays className="size-4" aria-hidden />
          {t('header.today')}
        </Button>
        {canCreateProducts && (
          <Button size="sm" onClick={() => navigate('/products?new=1')}>
            <Plus className="size-4" aria-hidden />
            {t('header.newProduct')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          onClick={() => window.open('/', '_blank', 'noopener')}
          aria-label={t('header.home')}
          title={t('header.home')}
        >
          <ExternalLink className="size-4" aria-hidden />
        </Button>
      </div>
      <NotificationsMenu />
      <Button variant="ghost" size="icon" onClick={() => void refreshAll(qc)} aria-label={t('header.refresh')} title={t('header.refresh')}>
        <RefreshCw className="size-4" aria-hidden />
      </Button>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('theme.label')} title={t('theme.label')}>
            <Palette className="size-4" aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>{t('theme.label')}</MenuLabel>
          <MenuRadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
            {THEMES.map((th) => (
              <MenuRadioItem key={th} value={th}>
                {t(`theme.${th}`)}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
        </MenuContent>
      </Menu>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('language.label')} title={t('language.label')}>
            <Languages className="size-4" aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>{t('language.label')}</MenuLabel>
          <MenuRadioGroup value={language} onValueChange={setLanguage}>
            {languages.map((l) => (
              <MenuRadioItem key={l.code} value={l.code} lang={l.code} dir={l.textDirection}>
                {l.nativeName}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
        </MenuContent>
      </Menu>
      <UserMenu viewer={viewer} />
      {paletteOpen && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} viewer={viewer} />
        </Suspense>
      )}
      <Link to="/dashboard" className="sr-only">
        {t('nav.dashboard')}
      </Link>
    </header>
  );
}
