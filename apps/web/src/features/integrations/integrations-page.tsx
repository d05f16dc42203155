import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useT } from '../../app/i18n/i18n-provider';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

const tabClass =
  '-mb-px shrink-0 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:bg-muted/60 data-[state=active]:font-semibold data-[state=active]:text-foreground';

const TABS = ['api-keys', 'webhooks'] as const;
type Tab = (typeof TABS)[number];
const LABEL: Record<Tab, string> = { 'api-keys': 'integrations.tab.apiKeys', webhooks: 'integrations.tab.webhooks' };

/** Integrations (/integrations, permission integrations): API keys and outgoing webhooks, one tab each (?tab=). */
export default function IntegrationsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'api-keys';
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'api-keys') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.integrations')}</h1>
        <p className="text-sm text-muted-foreground">{t('integrations.subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('integrations.tabs')}>
          {TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} className={tabClass}>
              {t(LABEL[id])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="api-keys" className="min-w-0 outline-none">
          <ApiKeysSection />
        </Tabs.Content>
        <Tabs.Content value="webhooks" className="min-w-0 outline-none">
          <WebhooksSection />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
