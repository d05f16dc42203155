import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useT } from '../i18n/i18n-provider';
import { LanguagesTab } from './components/languages-tab';
import { NotBuiltTab } from './components/not-built-tab';
import { TranslationsTab } from './components/translations-tab';

const tabClass =
  '-mb-px shrink-0 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:bg-muted/60 data-[state=active]:font-semibold data-[state=active]:text-foreground';

/** The catalogue's master data; only the tabs listed as built have screens, the rest say so. */
const TABS = ['languages', 'translations', 'category-tree', 'brands', 'units', 'tax-classes', 'currencies', 'attributes', 'attribute-families'] as const;
type Tab = (typeof TABS)[number];
const BUILT: readonly Tab[] = ['languages', 'translations'];

/** Master Data (/master-data): languages and translations, and the catalogue's reference lists. */
export default function MasterDataPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'languages';
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'languages') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.masterData')}</h1>
        <p className="text-sm text-muted-foreground">{t('masterData.subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('masterData.tabs')}>
          {TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} className={tabClass}>
              {t(`masterData.tab.${id}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="languages" className="min-w-0 outline-none">
          <LanguagesTab />
        </Tabs.Content>
        <Tabs.Content value="translations" className="min-w-0 outline-none">
          <TranslationsTab />
        </Tabs.Content>
        {TABS.filter((id) => !BUILT.includes(id)).map((id) => (
          <Tabs.Content key={id} value={id} className="min-w-0 outline-none">
            <NotBuiltTab area={t(`masterData.tab.${id}`)} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
