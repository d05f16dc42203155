import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useT } from '../../app/i18n/i18n-provider';
import { ApplicationsQueue } from './components/applications-queue';
import { WorkshopsList } from './components/workshops-list';

const tabClass =
  '-mb-px rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:bg-muted/60 data-[state=active]:font-semibold data-[state=active]:text-foreground';

/** Workshop Applications (/workshop-applications): the review queue of workshop applications and the workshops they became. */
export default function WorkshopApplicationsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'workshops' ? 'workshops' : 'applications';
  // Switching tab drops the other tab's filters.
  const setTab = (value: string) => setParams(value === 'workshops' ? { tab: 'workshops' } : {}, { replace: true });
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.workshopApplications')}</h1>
        <p className="text-sm text-muted-foreground">{t('workshops.subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-2 border-b" aria-label={t('workshops.tabs')}>
          <Tabs.Trigger value="applications" className={tabClass}>
            {t('workshops.tab.applications')}
          </Tabs.Trigger>
          <Tabs.Trigger value="workshops" className={tabClass}>
            {t('workshops.tab.workshops')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="applications" className="min-w-0 outline-none">
          <ApplicationsQueue stream="workshop" />
        </Tabs.Content>
        <Tabs.Content value="workshops" className="min-w-0 outline-none">
          <WorkshopsList />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
