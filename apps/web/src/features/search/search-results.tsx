import type { searchRoutes } from '@market/contracts';
import { Command } from 'cmdk';
import { AppWindow, CalendarDays, Image, Loader2, MapPin, Package, Store, ClipboardList, type LucideIcon } from 'lucide-react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useGlobalSearch } from './use-global-search';
import { formatLocale } from '../../app/i18n/locale-format';

type Group = searchRoutes.SearchGroup;
type Item = searchRoutes.SearchItem;

const ICONS: Record<Group, LucideIcon> = {
  products: Package,
  vendors: Store,
  applications: ClipboardList,
  marketDays: CalendarDays,
  locations: MapPin,
  assets: Image,
};
/** Where each group's status codes are labelled (the areas' own keys). */
const STATUS_KEYS: Partial<Record<Group, string>> = {
  products: 'products.status',
  vendors: 'vendors.status',
  applications: 'review.status',
  marketDays: 'marketDays.status',
  locations: 'locations.status',
};

const groupClass = 'text-xs text-muted-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5';
const itemClass = 'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm text-foreground data-[selected=true]:bg-accent';

function formatDate(date: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}

/** The server's matches as palette groups, with searching, failure and no-match states. */
export default function SearchResults({ input, onOpen }: { input: string; onOpen: (route: string) => void }) {
  const { t, language } = useI18n();
  const { term, query, settling } = useGlobalSearch(input);
  if (!input.trim()) return null;
  const label = (key: string, fallback: string) => {
    const s = t(key);
    return s === key ? fallback : s;
  };
  const secondary = (group: Group, item: Item) =>
    [
      item.date ? formatDate(item.date, language) : null,
      item.detail,
      item.status && STATUS_KEYS[group] ? label(`${STATUS_KEYS[group]}.${item.status}`, item.status) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  if (query.isError && !settling) {
    return (
      <div role="alert" className="flex items-center justify-between gap-2 px-3 py-3 text-sm">
        <span className="text-destructive">{t('search.failed')}</span>
        <Command.Item value="search-retry" onSelect={() => void query.refetch()} className={itemClass}>
          {t('search.retry')}
        </Command.Item>
      </div>
    );
  }
  const groups = query.data?.groups ?? [];
  return (
    <>
      {(query.isFetching || settling) && (
        <Command.Loading>
          <div role="status" className="flex items-center gap-2 px-3 py-2 text-xs text-muted-foreground">
            <Loader2 className="size-3 animate-spin" aria-hidden />
            {t('search.searching')}
          </div>
        </Command.Loading>
      )}
      {query.isSuccess && !settling && groups.length === 0 && (
        <p className="px-3 py-2 text-xs text-muted-foreground" data-testid="search-no-records">
          {t('search.noRecords', { q: term })}
        </p>
      )}
      {groups.map(({ group, items }) => {
        const Icon = ICONS[group] ?? AppWindow;
        return (
          <Command.Group key={group} heading={t(`search.group.${group}`)} className={groupClass}>
            {items.map((item) => {
              const name = language === 'ar' && item.labelAr ? item.labelAr : item.label;
              const line = secondary(group, item);
              return (
                <Command.Item key={item.id} value={`${group}:${item.id}`} onSelect={() => onOpen(item.route)} className={itemClass}>
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate">{name}</span>
                    {line && <span className="truncate text-xs text-muted-foreground">{line}</span>}
                  </span>
                </Command.Item>
              );
            })}
          </Command.Group>
        );
      })}
    </>
  );
}
