import type { CustomerOrderFulfilment, CustomerOrderState } from '@market/contracts/plain';
import { useT } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';

const STATE_LOOK: Record<CustomerOrderState, string> = {
  draft: 'bg-muted text-muted-foreground',
  confirmed: 'bg-sky-100 text-sky-800',
  ready: 'bg-amber-100 text-amber-900',
  completed: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-rose-100 text-rose-800',
};

export function StateBadge({ state }: { state: CustomerOrderState }) {
  const t = useT();
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATE_LOOK[state])} data-state={state}>
      {t(`customerOrders.state.${state}`)}
    </span>
  );
}

export function FulfilmentBadge({ fulfilment }: { fulfilment: CustomerOrderFulfilment }) {
  const t = useT();
  return (
    <span className="rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap">
      {t(`customerOrders.fulfilment.${fulfilment}`)}
    </span>
  );
}
