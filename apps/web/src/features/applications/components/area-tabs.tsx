import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

const tabClass =
  '-mb-px rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:bg-muted/60 data-[state=active]:font-semibold data-[state=active]:text-foreground';

/** A page of an applications area: its title, and tabs (the review queue and what the applications became). */
export function AreaTabs({
  title,
  subtitle,
  label,
  value,
  onValueChange,
  tabs,
}: {
  title: string;
  subtitle: string;
  /** Names the tab list for screen readers. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  tabs: { value: string; label: string; content: ReactNode }[];
}) {
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </header>
      <Tabs.Root value={value} onValueChange={onValueChange} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-2 border-b" aria-label={label}>
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="min-w-0 outline-none">
            {tab.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
