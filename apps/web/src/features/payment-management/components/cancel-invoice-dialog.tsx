import { useState } from 'react';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { Invoice } from '../payment-management-api';
import { useCancelInvoice } from '../payment-management-mutations';
import { useMoneyForm } from '../use-money-form';
import { FormError, ReasonField } from './form-bits';

/** Cancels an invoice nothing is paid on: its open balance is reversed in the ledger. */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: Pick<Invoice, 'id' | 'number'>; onClose: () => void }) {
  const { t } = useI18n();
  const form = useMoneyForm({ mutation: useCancelInvoice(), fields: ['reason'], onDone: onClose });
  const [reason, setReason] = useState('');

  const submit = () =>
    form.submit(reason.trim() ? {} : { reason: t('pay.check.reason') }, () => ({ invoiceId: invoice.id, reason: reason.trim() }));

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.cancel.title', { number: invoice.number ?? '' })}
      description={t('pay.cancel.description')}
      pending={form.pending}
      submitLabel={form.submitLabel(t('pay.cancel.submit'))}
      cancelLabel={t('pay.cancel.keep')}
      onSubmit={submit}
      formClassName="grid gap-3"
      testId="cancel-invoice-form"
    >
      <ReasonField label={t('pay.field.reason')} value={reason} onValueChange={setReason} error={form.error('reason')} />
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
