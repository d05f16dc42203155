import { Tabs } from 'radix-ui';
import { tabTriggerClass } from '../../../components/ui/tabs';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { CustomerOrdersView } from '../customer-orders/customer-orders-view';
import { OrdersView } from './orders-view';

/**
 * Order Management (/orders): sales and returns (find an order, return items of a sale) and customer orders
 * (`?tab=customer`: taken for pickup or delivery). A receipt link (`?receipt=`) always opens the sales.
 */
export default function OrdersPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'customer' && !params.has('receipt') ? 'customer' : 'sales';
  // Each tab starts from its own clean address: the sales filters a link carried do not follow into customer orders.
  const setTab = (value: string) => setParams(value === 'customer' ? { tab: 'customer' } : {}, { replace: true });
  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
      <Tabs.List className="flex gap-1 overflow-x-auto border-b" aria-label={t('customerOrders.tab.list')}>
        <Tabs.Trigger value="sales" className={tabTriggerClass}>
          {t('customerOrders.tab.sales')}
        </Tabs.Trigger>
        <Tabs.Trigger value="customer" className={tabTriggerClass}>
          {t('customerOrders.title')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="sales" className="min-w-0 outline-none">
        <OrdersView archive={false} />
      </Tabs.Content>
      <Tabs.Content value="customer" className="min-w-0 outline-none">
        <CustomerOrdersView />
      </Tabs.Content>
    </Tabs.Root>
  );
}
