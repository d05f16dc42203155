import { useRef, useState } from 'react';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import type { Invoice } from '../payment-management-api';
import { useCancelInvoice, useIdempotencyKey } from '../payment-management-mutations';
import { FormError, ReasonField } from './form-bits';

/** Cancels an invoice nothing is paid on: its open balance is reversed in the ledger. */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: Pick<Invoice, 'id' | 'number'>; onClose: () => void }) {
  const { t } = useI18n();
  const key = useIdempotencyKey();
  const cancel = useCancelInvoice();
  const [reason, setReason] = useState('');
  const [check, setCheck] = useState<string | undefined>();
  const inFlight = useRef(false);

  const submit = () => {
    if (inFlight.current) return;
    const missing = reason.trim() ? undefined : t('pay.check.reason');
    setCheck(missing);
    if (missing) return;
    inFlight.current = true;
    cancel.mutate(
      { key, invoiceId: invoice.id, reason: reason.trim() },
      {
        onSuccess: onClose,
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.cancel.title', { number: invoice.number ?? '' })}
      description={t('pay.cancel.description')}
      pending={cancel.isPending}
      submitLabel={cancel.isPending ? t('pay.saving') : t('pay.cancel.submit')}
      cancelLabel={t('pay.cancel.keep')}
      onSubmit={submit}
      formClassName="grid gap-3"
      testId="cancel-invoice-form"
    >
      <ReasonField
        label={t('pay.field.reason')}
        value={reason}
        onValueChange={setReason}
        error={check ?? fieldError(cancel.error, 'reason')}
      />
      {cancel.error != null && !hasFieldErrors(cancel.error, ['reason']) && <FormError>{errorMessage(t, cancel.error)}</FormError>}
    </FormDialogForm>
  );
}
