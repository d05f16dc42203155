import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ApiError } from '../../../lib/api';
import { FulfilmentBadge, StateBadge } from './customer-order-badges';
import { CustomerOrderActions } from './customer-order-actions';
import { CustomerOrderBody } from './customer-order-body';
import { useCustomerOrder } from './customer-orders-api';

/**
 * One customer order in a side panel (full width on a phone): its customer and delivery, lines with their vendor,
 * totals with what is paid and due, payments and history, and below them what its state allows.
 */
export function CustomerOrderSheet({
  orderId,
  onClose,
  money,
  currency,
}: {
  orderId: string | null;
  onClose: () => void;
  money: (minor: number) => string;
  currency: string | null;
}) {
  const { t } = useI18n();
  const order = useCustomerOrder(orderId);
  const o = order.data;
  const missing = order.error instanceof ApiError && order.error.status === 404;
  return (
    <Dialog.Root open={!!orderId} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 end-0 z-50 flex w-full max-w-3xl flex-col border-s bg-background shadow-xl outline-none"
          aria-describedby={undefined}
          data-testid="customer-order-sheet"
        >
          <header className="flex items-start justify-between gap-3 border-b p-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">
                {o ? t('customerOrders.detail.title', { number: o.number }) : t('customerOrders.detail.loadingTitle')}
              </Dialog.Title>
              {o && (
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <StateBadge state={o.state} />
                  <FulfilmentBadge fulfilment={o.fulfilment} />
                </p>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('common.close')}>
                <X className="size-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </header>
          <div className="flex-1 overflow-y-auto p-4">
            {!o && (
              <ListState
                loading={order.isPending && !!orderId}
                error={order.error}
                empty={false}
                loadingLabel={t('common.loading')}
                errorLabel={missing ? t('customerOrders.detail.notFound') : t('customerOrders.detail.loadFailed')}
                retryLabel={t('common.tryAgain')}
                onRetry={() => void order.refetch()}
                emptyContent={null}
              />
            )}
            {o && <CustomerOrderBody order={o} money={money} />}
          </div>
          {o && <CustomerOrderActions key={o.id} order={o} money={money} currency={currency} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
