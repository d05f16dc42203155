import { Tabs } from 'radix-ui';
import { tabTriggerClass, useTabParam } from '../../components/ui/tabs';
import { useT } from '../../app/i18n/i18n-provider';
import type { ComponentType } from 'react';
import { AttributeFamiliesTab, AttributesTab } from '../attributes';
import { BrandsTab } from './components/brands-tab';
import { CategoryTreeTab } from './components/category-tree-tab';
import { CurrenciesTab } from './components/currencies-tab';
import { LanguagesTab, TranslationsTab } from '../languages';
import { TaxClassesTab } from './components/tax-classes-tab';
import { UnitsTab } from './components/units-tab';

/** The catalogue's master data, one tab per list (a list not built yet says so in its tab). */
const TAB_CONTENT = {
  languages: LanguagesTab,
  translations: TranslationsTab,
  'category-tree': CategoryTreeTab,
  brands: BrandsTab,
  units: UnitsTab,
  'tax-classes': TaxClassesTab,
  currencies: CurrenciesTab,
  attributes: AttributesTab,
  'attribute-families': AttributeFamiliesTab,
} satisfies Record<string, ComponentType>;
type Tab = keyof typeof TAB_CONTENT;
const TABS = Object.keys(TAB_CONTENT) as Tab[];

/** Master Data (/master-data): languages and translations, and the catalogue's reference lists. */
export default function MasterDataPage() {
  const t = useT();
  const [tab, setTab] = useTabParam(TABS);
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.masterData')}</h1>
        <p className="text-sm text-muted-foreground">{t('masterData.subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('masterData.tabs')}>
          {TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} className={tabTriggerClass}>
              {t(`masterData.tab.${id}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((id) => {
          const Content = TAB_CONTENT[id];
          return (
            <Tabs.Content key={id} value={id} className="min-w-0 outline-none">
              <Content />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </section>
  );
}
