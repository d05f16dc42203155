import { POS_LIMITS } from '@market/contracts/plain';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { FormError } from '../../payment-management';
import { TextAreaField } from './customer-order-fields';
import { useTransitionCustomerOrder, type CustomerOrder } from './customer-orders-api';

/**
 * Cancels an order, with the reason kept in its history. Says what follows: the items set aside go back to stock
 * and what was paid is refunded.
 */
export function CancelOrderDialog({
  order,
  money,
  onClose,
}: {
  order: CustomerOrder;
  money: (minor: number) => string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const cancel = useTransitionCustomerOrder(order);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = () => {
    if (cancel.isPending) return;
    const why = reason.trim();
    setMissing(!why);
    if (!why) return;
    cancel.mutate(
      { state: 'cancelled', reason: why },
      {
        onSuccess: (saved) => {
          toast.success(t('customerOrders.toast.cancelled', { number: saved.number }));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('customerOrders.cancel.title', { number: order.number })}
      description={order.paid > 0 ? t('customerOrders.cancel.refund', { amount: money(order.paid) }) : t('customerOrders.cancel.message')}
      pending={cancel.isPending}
      submitLabel={cancel.isPending ? t('customerOrders.cancel.saving') : t('customerOrders.cancel.submit')}
      cancelLabel={t('customerOrders.cancel.keep')}
      onSubmit={submit}
      formClassName="flex flex-col gap-3"
      testId="cancel-order-form"
    >
      <TextAreaField
        label={t('customerOrders.cancel.reason')}
        value={reason}
        onValueChange={setReason}
        error={missing ? t('customerOrders.cancel.reasonRequired') : fieldError(cancel.error, 'reason')}
        maxLength={POS_LIMITS.reason}
        required
      />
      {cancel.error && !hasFieldErrors(cancel.error, ['reason']) ? <FormError>{errorMessage(t, cancel.error)}</FormError> : null}
    </FormDialogForm>
  );
}
