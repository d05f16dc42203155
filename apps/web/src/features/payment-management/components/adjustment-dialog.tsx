import { INVOICE_ADJUSTMENT_KINDS, type InvoiceAdjustmentKind } from '@market/contracts/plain';
import { useState } from 'react';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney, minorDigits, toMajorInput, toMinor } from '../money';
import type { Invoice } from '../payment-management-api';
import { useAdjustInvoice } from '../payment-management-mutations';
import { useMoneyForm } from '../use-money-form';
import { FormError, MoneyField, ReasonField, SelectField } from './form-bits';

/** A waiver, discount or credit of at most the open balance; the reason is required and the caller approves it. */
export function AdjustmentDialog({
  invoice,
  kind: initialKind,
  onClose,
}: {
  invoice: Pick<Invoice, 'id' | 'number' | 'balance' | 'currency'>;
  kind: InvoiceAdjustmentKind;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const form = useMoneyForm({ mutation: useAdjustInvoice(), fields: ['kind', 'amount', 'reason'], onDone: onClose });
  const digits = minorDigits(invoice.currency);
  const [kind, setKind] = useState(initialKind);
  const [amountText, setAmountText] = useState(() => toMajorInput(invoice.balance, digits));
  const [reason, setReason] = useState('');

  const submit = () => {
    const amount = toMinor(amountText, digits);
    const found: Record<string, string> = {};
    if (amount === null || amount <= 0) found.amount = t('pay.check.amount');
    else if (amount > invoice.balance) found.amount = t('pay.check.overBalance');
    if (!reason.trim()) found.reason = t('pay.check.reason');
    form.submit(found, () => ({ invoiceId: invoice.id, body: { kind, amount: amount!, reason: reason.trim() } }));
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.adjust.title', { number: invoice.number ?? '' })}
      description={t('pay.adjust.description', { amount: formatMoney(invoice.balance, invoice.currency, language) })}
      pending={form.pending}
      submitLabel={form.submitLabel(t('pay.adjust.submit'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="adjustment-form"
    >
      <SelectField
        label={t('pay.field.adjustmentKind')}
        value={kind}
        onValueChange={setKind}
        options={INVOICE_ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`pay.adjustment.${k}`) }))}
        error={form.error('kind')}
      />
      <MoneyField
        label={t('pay.field.amount')}
        currency={invoice.currency}
        value={amountText}
        onValueChange={setAmountText}
        error={form.error('amount')}
      />
      <ReasonField label={t('pay.field.reason')} value={reason} onValueChange={setReason} error={form.error('reason')} />
      <p className="text-xs text-muted-foreground sm:col-span-2">{t('pay.adjust.approvedByYou')}</p>
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
