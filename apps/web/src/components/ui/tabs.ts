import { useSearchParams } from 'react-router';

/** The look of a page's tab (Radix `Tabs.Trigger`): an underlined label, the chosen one marked. */
export const tabTriggerClass =
  '-mb-px shrink-0 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:bg-muted/60 data-[state=active]:font-semibold data-[state=active]:text-foreground';

/**
 * A page's open tab kept in its address (`?tab=`), so a reload or a shared link opens the same tab. The first of
 * `tabs` is the default and leaves the address without `?tab=`; an unknown or unavailable tab opens the default.
 * Other parameters of the address are kept, and switching replaces the history entry rather than adding one.
 */
export function useTabParam<T extends string>(tabs: readonly T[], available: (tab: T) => boolean = () => true) {
  const [params, setParams] = useSearchParams();
  const fallback = tabs[0] as T;
  const asked = params.get('tab') as T | null;
  const tab: T = asked && tabs.includes(asked) && available(asked) ? asked : fallback;
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return [tab, setTab] as const;
}
