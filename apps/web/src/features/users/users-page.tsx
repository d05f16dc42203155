import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useT } from '../../app/i18n/i18n-provider';
import { useMe } from '../../app/session/use-me';
import { PermissionMatrix } from './permission-matrix';
import { UsersList } from './users-list';

const tabClass =
  '-mb-px shrink-0 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:bg-muted/60 data-[state=active]:font-semibold data-[state=active]:text-foreground';

/** Users (/users): the people of the organization, and (super admins) the permission matrix. */
export default function UsersPage() {
  const t = useT();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const superAdmin = me.data?.effectiveRole === 'super_admin';
  const tab = params.get('tab') === 'matrix' && superAdmin ? 'matrix' : 'people';
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'people') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.users')}</h1>
        <p className="text-sm text-muted-foreground">{t('users.subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List aria-label={t('route.users')} className="flex gap-1 overflow-x-auto border-b">
          <Tabs.Trigger value="people" className={tabClass}>
            {t('users.tab.people')}
          </Tabs.Trigger>
          {superAdmin && (
            <Tabs.Trigger value="matrix" className={tabClass}>
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
