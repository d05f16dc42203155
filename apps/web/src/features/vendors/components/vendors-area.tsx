import { useSearchParams } from 'react-router';
import { ApplicationsQueue, AreaTabs } from '../../applications';
import { useT } from '../../../app/i18n/i18n-provider';
import { VendorsDirectory } from './vendors-directory';

export type VendorArea = 'market' | 'junior';

/** The applications area of a vendor stream: its review queue (first) and its vendors. */
export function VendorsArea({ area, titleKey }: { area: VendorArea; titleKey: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  // The area opens on its applications; a link to one vendor (`?vendor=`) opens the vendors tab.
  const asked = params.get('tab');
  const tab = asked === 'applications' || asked === 'vendors' ? asked : params.has('vendor') ? 'vendors' : 'applications';
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', value);
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
