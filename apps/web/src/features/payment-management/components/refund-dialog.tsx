import { PAYMENT_METHODS, type PaymentMethod } from '@market/contracts/plain';
import { useState } from 'react';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay } from '../format';
import { formatMoney, minorDigits, toMajorInput, toMinor } from '../money';
import { useRefundWindow, type InvoiceAllocation, type RefundWindow } from '../payment-management-api';
import { useRefund } from '../payment-management-mutations';
import { useMoneyForm } from '../use-money-form';
import { FormError, MoneyField, ReasonField, SelectField } from './form-bits';

/** Where the booking stands against the refund window, said before the refund is submitted. */
function RefundWindowNote({ window: w }: { window: RefundWindow }) {
  const { t, language } = useI18n();
  if (!w.applies || w.daysBefore === null) return null;
  const vars = { days: w.daysBefore, window: w.windowDays, date: formatDay(w.marketDate, language) };
  const facts = w.cancelled
    ? t('pay.refund.window.fromCancellation', { ...vars, cancelled: formatDay(w.countedFrom, language) })
    : w.daysBefore < 0
      ? t('pay.refund.window.dayPassed', vars)
      : t('pay.refund.window.untilDay', vars);
  return (
    <p
      role={w.open ? 'status' : 'alert'}
      data-testid="refund-window"
      className={
        w.open
          ? 'rounded-md border p-2 text-sm text-muted-foreground sm:col-span-2'
          : 'rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm sm:col-span-2'
      }
    >
      <span className="font-medium">{t(w.open ? 'pay.refund.window.inside' : 'pay.refund.window.outside')}</span> {facts}
    </p>
  );
}

/**
 * Returns part of what one payment paid on this invoice; at most that share less earlier refunds of it. Outside
 * the booking's refund window it asks for a manager's reason, which the server requires then.
 */
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
  const mutation = useRefund();
  const form = useMoneyForm({ mutation, fields: ['amount', 'method', 'reason', 'overrideReason'], onDone: onClose });
  const refundWindow = useRefundWindow(invoiceId);
  const digits = minorDigits(currency);
  const cap = allocation.amount - allocation.refunded;
  const [amountText, setAmountText] = useState(() => toMajorInput(cap, digits));
  const [method, setMethod] = useState<PaymentMethod>(allocation.method);
  const [reason, setReason] = useState('');
  const [overrideReason, setOverrideReason] = useState('');
  // The server has the last word: a refusal naming the override shows the field even if the window looked open.
  const needsOverride = refundWindow.data?.open === false || form.error('overrideReason') !== undefined;

  const submit = () => {
    const amount = toMinor(amountText, digits);
    const found: Record<string, string> = {};
    if (amount === null || amount <= 0) found.amount = t('pay.check.amount');
    else if (amount > cap) found.amount = t('pay.check.refundCap', { amount: formatMoney(cap, currency, language) });
    if (!reason.trim()) found.reason = t('pay.check.reason');
    if (needsOverride && !overrideReason.trim()) found.overrideReason = t('pay.check.overrideReason');
    form.submit(found, () => ({
      body: {
        paymentId: allocation.paymentId,
        invoiceId,
        amount: amount!,
        method,
        reason: reason.trim(),
        ...(needsOverride ? { overrideReason: overrideReason.trim() } : {}),
      },
    }));
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.refund.title', { number: allocation.receiptNumber ?? '' })}
      description={t('pay.refund.description', { amount: formatMoney(cap, currency, language) })}
      pending={form.pending}
      submitLabel={form.submitLabel(t('pay.refund.submit'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="refund-form"
    >
      {refundWindow.isPending && <p className="text-sm text-muted-foreground sm:col-span-2">{t('pay.refund.window.checking')}</p>}
      {refundWindow.isError && <p className="text-sm text-muted-foreground sm:col-span-2">{t('pay.refund.window.failed')}</p>}
      {refundWindow.data && <RefundWindowNote window={refundWindow.data} />}
      <MoneyField
        label={t('pay.field.amount')}
        currency={currency}
        value={amountText}
        onValueChange={setAmountText}
        error={form.error('amount')}
      />
      <SelectField
        label={t('pay.field.method')}
        value={method}
        onValueChange={setMethod}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`pay.method.${m}`) }))}
        error={form.error('method')}
      />
      <ReasonField label={t('pay.field.reason')} value={reason} onValueChange={setReason} error={form.error('reason')} />
      {needsOverride && (
        <ReasonField
          label={t('pay.field.overrideReason')}
          value={overrideReason}
          onValueChange={setOverrideReason}
          error={form.error('overrideReason')}
        />
      )}
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
