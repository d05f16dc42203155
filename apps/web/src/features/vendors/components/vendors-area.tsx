import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { ApplicationsQueue } from '../../applications';
import { useT } from '../../../app/i18n/i18n-provider';
import { VendorsDirectory } from './vendors-directory';

export type VendorArea = 'market' | 'junior';

const tabClass =
  '-mb-px rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:bg-muted/60 data-[state=active]:font-semibold data-[state=active]:text-foreground';

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
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t(titleKey)}</h1>
        <p className="text-sm text-muted-foreground">{t(area === 'junior' ? 'vendors.subtitle.junior' : 'vendors.subtitle.market')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
        <Tabs.List className="flex gap-2 border-b" aria-label={t('vendors.tabs')}>
          <Tabs.Trigger value="applications" className={tabClass}>
            {t('vendors.tab.applications')}
          </Tabs.Trigger>
          <Tabs.Trigger value="vendors" className={tabClass}>
            {t('vendors.tab.vendors')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="applications" className="min-w-0 outline-none">
          <ApplicationsQueue stream={area === 'junior' ? 'junior_vendor' : 'market_vendor'} />
        </Tabs.Content>
        <Tabs.Content value="vendors" className="min-w-0 outline-none">
          <VendorsDirectory area={area} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
