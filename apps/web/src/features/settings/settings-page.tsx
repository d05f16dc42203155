import { Tabs } from 'radix-ui';
import { tabTriggerClass } from '../../components/ui/tabs';
import { useState } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { ListState } from '../../components/ui/list-state';
import { useSettings } from './settings-api';
import { SettingsDataSection } from './settings-data-section';
import { SettingsEmailForm } from './settings-email-form';
import { SettingsProfileForm } from './settings-profile-form';
import { SettingsSecurityForm } from './settings-security-form';
import { SettingsTemplates } from './settings-templates';

const TABS = ['organization', 'email', 'security', 'data'] as const;
/** /settings: the organization's profile, e-mail, security policy and data (permission settings). */
export default function SettingsPage() {
  const t = useT();
  const settings = useSettings();
  const [tab, setTab] = useState<(typeof TABS)[number]>('organization');
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t('route.settings')}</h1>
        <p className="text-sm text-muted-foreground">{t('settings.subtitle')}</p>
      </div>
      <ListState
        loading={settings.isPending}
        error={settings.error}
        empty={false}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadFailed')}
        retryLabel={t('settings.retry')}
        onRetry={() => void settings.refetch()}
        emptyContent={null}
      />
      {settings.data && (
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as typeof tab)} className="flex min-w-0 flex-col gap-4">
          <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('settings.tabList')}>
            {TABS.map((id) => (
              <Tabs.Trigger key={id} value={id} className={tabTriggerClass} data-testid={`settings-tab-${id}`}>
                {t(`settings.tab.${id}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="organization">
            <SettingsProfileForm settings={settings.data} />
          </Tabs.Content>
          <Tabs.Content value="email" className="flex flex-col gap-6">
            <SettingsEmailForm settings={settings.data} />
            <SettingsTemplates />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SettingsSecurityForm settings={settings.data} />
          </Tabs.Content>
          <Tabs.Content value="data">
            <SettingsDataSection settings={settings.data} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
