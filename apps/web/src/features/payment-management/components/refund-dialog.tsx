import { PAYMENT_METHODS, type PaymentMethod } from '@market/contracts/plain';
import { useRef, useState } from 'react';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { formatMoney, minorDigits, toMajorInput, toMinor } from '../money';
import type { InvoiceAllocation } from '../payment-management-api';
import { useIdempotencyKey, useRefund } from '../payment-management-mutations';
import { FormError, MoneyField, ReasonField, SelectField } from './form-bits';

/** Returns part of what one payment paid on this invoice; at most that share less earlier refunds of it. */
export function RefundDialog({
  invoiceId,
  allocation,
  currency,
  onClose,
}: {
  invoiceId: string;
  allocation: InvoiceAllocation;
  currency: string;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const key = useIdempotencyKey();
  const refund = useRefund();
  const digits = minorDigits(currency);
  const cap = allocation.amount - allocation.refunded;
  const [amountText, setAmountText] = useState(() => toMajorInput(cap, digits));
  const [method, setMethod] = useState<PaymentMethod>(allocation.method);
  const [reason, setReason] = useState('');
  const [checks, setChecks] = useState<Record<string, string>>({});
  const inFlight = useRef(false);

  const submit = () => {
    if (inFlight.current) return;
    const amount = toMinor(amountText, digits);
    const found: Record<string, string> = {};
    if (amount === null || amount <= 0) found.amount = t('pay.check.amount');
    else if (amount > cap) found.amount = t('pay.check.refundCap', { amount: formatMoney(cap, currency, language) });
    if (!reason.trim()) found.reason = t('pay.check.reason');
    setChecks(found);
    if (Object.keys(found).length) return;
    inFlight.current = true;
    refund.mutate(
      { key, body: { paymentId: allocation.paymentId, invoiceId, amount: amount!, method, reason: reason.trim() } },
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
      title={t('pay.refund.title', { number: allocation.receiptNumber ?? '' })}
      description={t('pay.refund.description', { amount: formatMoney(cap, currency, language) })}
      pending={refund.isPending}
      submitLabel={refund.isPending ? t('pay.saving') : t('pay.refund.submit')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="refund-form"
    >
      <MoneyField
        label={t('pay.field.amount')}
        currency={currency}
        value={amountText}
        onValueChange={setAmountText}
        error={checks.amount ?? fieldError(refund.error, 'amount')}
      />
      <SelectField
        label={t('pay.field.method')}
        value={method}
        onValueChange={setMethod}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`pay.method.${m}`) }))}
        error={fieldError(refund.error, 'method')}
      />
      <ReasonField
        label={t('pay.field.reason')}
        value={reason}
        onValueChange={setReason}
        error={checks.reason ?? fieldError(refund.error, 'reason')}
      />
      {refund.error != null && !hasFieldErrors(refund.error, ['amount', 'method', 'reason']) && (
        <FormError>{errorMessage(t, refund.error)}</FormError>
      )}
    </FormDialogForm>
  );
}
