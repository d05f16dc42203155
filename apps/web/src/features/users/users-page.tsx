import { Tabs } from 'radix-ui';
import { tabTriggerClass, useTabParam } from '../../components/ui/tabs';
import { useT } from '../../app/i18n/i18n-provider';
import { useMe } from '../../app/session/use-me';
import { PermissionMatrix } from './permission-matrix';
import { UsersList } from './users-list';

/** Users (/users): the people of the organization, and (super admins) the permission matrix. */
export default function UsersPage() {
  const t = useT();
  const me = useMe();
  const superAdmin = me.data?.effectiveRole === 'super_admin';
  const [tab, setTab] = useTabParam(['people', 'matrix'] as const, (id) => id !== 'matrix' || superAdmin);
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.users')}</h1>
        <p className="text-sm text-muted-foreground">{t('users.subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List aria-label={t('route.users')} className="flex gap-1 overflow-x-auto border-b">
          <Tabs.Trigger value="people" className={tabTriggerClass}>
            {t('users.tab.people')}
          </Tabs.Trigger>
          {superAdmin && (
            <Tabs.Trigger value="matrix" className={tabTriggerClass}>
              {t('users.tab.matrix')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="people" className="min-w-0 outline-none">
          <UsersList />
        </Tabs.Content>
        {superAdmin && (
          <Tabs.Content value="matrix" className="min-w-0 outline-none">
            <PermissionMatrix />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </section>
  );
}
