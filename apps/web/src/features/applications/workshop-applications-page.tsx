import { useSearchParams } from 'react-router';
import { useT } from '../../app/i18n/i18n-provider';
import { ApplicationsQueue } from './components/applications-queue';
import { AreaTabs } from './components/area-tabs';
import { WorkshopsList } from './components/workshops-list';

/** Workshop Applications (/workshop-applications): the review queue of workshop applications and the workshops they became. */
export default function WorkshopApplicationsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'workshops' ? 'workshops' : 'applications';
  return (
    <AreaTabs
      title={t('route.workshopApplications')}
      subtitle={t('workshops.subtitle')}
      label={t('workshops.tabs')}
      value={tab}
      // Switching tab drops the other tab's filters.
      onValueChange={(value) => setParams(value === 'workshops' ? { tab: 'workshops' } : {}, { replace: true })}
      tabs={[
        { value: 'applications', label: t('workshops.tab.applications'), content: <ApplicationsQueue stream="workshop" /> },
        { value: 'workshops', label: t('workshops.tab.workshops'), content: <WorkshopsList /> },
      ]}
    />
  );
}
