import { useSearchParams } from 'react-router';
import { ApplicationsQueue, AreaTabs } from '../../applications';
import { useT } from '../../../app/i18n/i18n-provider';
import { VendorsDirectory } from './vendors-directory';

export type VendorArea = 'market' | 'junior';

/** The applications area of a vendor stream: its review queue and its vendors. */
export function VendorsArea({ area, titleKey }: { area: VendorArea; titleKey: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'applications' ? 'applications' : 'vendors';
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'vendors') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <AreaTabs
      title={t(titleKey)}
      subtitle={t(area === 'junior' ? 'vendors.subtitle.junior' : 'vendors.subtitle.market')}
      label={t('vendors.tabs')}
      value={tab}
      onValueChange={setTab}
      tabs={[
        {
          value: 'applications',
          label: t('vendors.tab.applications'),
          content: <ApplicationsQueue stream={area === 'junior' ? 'junior_vendor' : 'market_vendor'} />,
        },
        { value: 'vendors', label: t('vendors.tab.vendors'), content: <VendorsDirectory area={area} /> },
      ]}
    />
  );
}
