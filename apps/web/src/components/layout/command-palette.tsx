import { SEARCH_Q_MAX } from '@market/contracts/plain';
import { Command } from 'cmdk';
import { CalendarDays, Languages, Plus, Search } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../app/i18n/i18n-provider';
import { loadSearchResults } from '../../app/route-table';
import { visibleGroups, type Viewer } from './nav-items';

// The records come from the search feature, loaded with the palette's first use.
const SearchResults = lazy(loadSearchResults);

const groupClass = 'text-xs text-muted-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5';
const itemClass = 'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm text-foreground data-[selected=true]:bg-accent';

interface Entry {
  id: string;
  label: string;
  icon: ReactNode;
  run: () => void;
}

/**
 * "Search everything...": the organization's records the viewer may see (asked from the server as they type),
 * the pages they may open and the actions they may take, grouped, operated with the keyboard (cmdk).
 */
export default function CommandPalette({
  open,
  onOpenChange,
  viewer,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  viewer: Viewer;
}) {
  const { t, languages, language, setLanguage } = useI18n();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const go = (route: string) => {
    onOpenChange(false);
    navigate(route);
  };
  const needle = input.trim().toLocaleLowerCase();
  const matches = (e: Entry) => !needle || e.label.toLocaleLowerCase().includes(needle) || e.id.toLocaleLowerCase().includes(needle);

  const pages: Entry[] = visibleGroups(viewer)
    .flatMap((g) => g.items)
    .map((p) => ({ id: p.route, label: t(p.key), icon: <p.icon className="size-4" aria-hidden />, run: () => go(p.route) }));
  const actions: Entry[] = [
    ...(viewer.permissions.includes('products') && !viewer.noOrganization
      ? [
          {
            id: 'new-product',
            label: t('search.action.newProduct'),
            icon: <Plus className="size-4" aria-hidden />,
            run: () => go('/products?new=1'),
          },
        ]
      : []),
    { id: 'today', label: t('search.action.today'), icon: <CalendarDays className="size-4" aria-hidden />, run: () => go('/today') },
    ...languages
      .filter((l) => l.code !== language)
      .map((l) => ({
        id: `language-${l.code}`,
        label: t('search.action.language', { name: l.nativeName }),
        icon: <Languages className="size-4" aria-hidden />,
        run: () => {
          onOpenChange(false);
          setLanguage(l.code);
        },
      })),
  ];
  const shownPages = pages.filter(matches);
  const shownActions = actions.filter(matches);
  const section = (heading: string, entries: Entry[]) =>
    entries.length > 0 && (
      <Command.Group heading={heading} className={groupClass}>
        {entries.map((e) => (
          <Command.Item key={e.id} value={`entry:${e.id}`} onSelect={e.run} className={itemClass}>
            {e.icon}
            <span className="truncate">{e.label}</span>
          </Command.Item>
        ))}
      </Command.Group>
    );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed start-1/2 top-[10vh] z-50 w-[min(40rem,calc(100vw-2rem))] overflow-hidden rounded-lg border bg-card shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <Dialog.Title className="sr-only">{t('command.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('search.label')}</Dialog.Description>
          {/* The server ranks the records; cmdk only moves the selection. */}
          <Command label={t('search.label')} shouldFilter={false} loop>
            <div className="flex items-center gap-2 border-b px-3">
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <Command.Input
                autoFocus
                value={input}
                onValueChange={setInput}
                maxLength={SEARCH_Q_MAX}
                placeholder={t('header.search')}
                className="h-11 w-full bg-transparent text-sm outline-none"
              />
            </div>
            <Command.List className="max-h-[min(28rem,70vh)] overflow-y-auto p-1">
              {!input.trim() && <p className="px-3 py-2 text-xs text-muted-foreground">{t('search.hint')}</p>}
              <Suspense fallback={null}>
                <SearchResults input={input} onOpen={go} />
              </Suspense>
              {section(t('search.actions'), shownActions)}
              {section(t('command.pages'), shownPages)}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
