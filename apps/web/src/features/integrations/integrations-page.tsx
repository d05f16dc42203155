import { Tabs } from 'radix-ui';
import { tabTriggerClass, useTabParam } from '../../components/ui/tabs';
import { useT } from '../../app/i18n/i18n-provider';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

const TABS = ['api-keys', 'webhooks'] as const;
type Tab = (typeof TABS)[number];
const LABEL: Record<Tab, string> = { 'api-keys': 'integrations.tab.apiKeys', webhooks: 'integrations.tab.webhooks' };

/** Integrations (/integrations, permission integrations): API keys and outgoing webhooks, one tab each (?tab=). */
export default function IntegrationsPage() {
  const t = useT();
  const [tab, setTab] = useTabParam(TABS);
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.integrations')}</h1>
        <p className="text-sm text-muted-foreground">{t('integrations.subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('integrations.tabs')}>
          {TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} className={tabTriggerClass}>
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
