import { POS_LIMITS, type PosTender } from '@market/contracts/plain';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { formatMoney, FormError, minorDigits, MoneyField, toMajorInput, toMinor } from '../../payment-management';
import { useRegisters } from '../pos-api';
import { newId } from '../register/cart';
import { SelectField } from '../sessions/select-field';
import { dueOf, useAddCustomerOrderPayment, type CustomerOrder } from './customer-orders-api';

const FIELDS = ['tender', 'amount', 'reference'];

/**
 * Takes a payment for a confirmed or ready order: a tender of the order's register, an amount (what is due to
 * begin with, never more) and an optional reference. Mounted per opening: every attempt of one opening carries
 * the same Idempotency-Key, so a retry or a double click takes the money once.
 */
export function TakePaymentDialog({ order, currency, onClose }: { order: CustomerOrder; currency: string | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const [key] = useState(newId);
  const pay = useAddCustomerOrderPayment(order.id, key);
  const registers = useRegisters('all');
  const tenders = registers.data?.find((r) => r.id === order.registerId)?.tenders ?? [];
  const digits = minorDigits(currency);
  const due = dueOf(order);
  const [chosen, setTender] = useState<PosTender | ''>('');
  const tender = chosen || tenders[0] || '';
  const [amountText, setAmountText] = useState(() => toMajorInput(due, digits));
  const [reference, setReference] = useState('');
  const [check, setCheck] = useState<string | null>(null);
  const amount = toMinor(amountText, digits);

  const submit = () => {
    if (pay.isPending || !tender) return;
    const problem =
      amount === null || amount <= 0
        ? t('customerOrders.pay.badAmount')
        : amount > due
          ? t('customerOrders.pay.overDue', { amount: formatMoney(due, currency, language) })
          : null;
    setCheck(problem);
    if (problem || amount === null) return;
    pay.mutate(
      { tender, amount, ...(reference.trim() ? { reference: reference.trim() } : {}) },
      {
        onSuccess: (saved) => {
          toast.success(t('customerOrders.toast.paid', { amount: formatMoney(amount, currency, language), number: saved.number }));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('customerOrders.pay.title', { number: order.number })}
      description={t('customerOrders.pay.description', { amount: formatMoney(due, currency, language) })}
      pending={pay.isPending}
      submitLabel={pay.isPending ? t('customerOrders.pay.saving') : t('customerOrders.pay.submit')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="grid gap-3"
      testId="take-payment-form"
    >
      <SelectField
        label={t('customerOrders.pay.tender')}
        value={tender}
        onValueChange={setTender}
        options={tenders.map((k) => ({ value: k, label: t(`pos.tender.${k}`) }))}
        error={fieldError(pay.error, 'tender') ?? (registers.isSuccess && !tenders.length ? t('customerOrders.pay.noTenders') : undefined)}
        disabled={!tenders.length}
      />
      <MoneyField
        label={t('customerOrders.pay.amount')}
        value={amountText}
        onValueChange={setAmountText}
        currency={currency}
        error={check ?? fieldError(pay.error, 'amount')}
      />
      <TextField
        label={t('customerOrders.pay.reference')}
        value={reference}
        onValueChange={setReference}
        error={fieldError(pay.error, 'reference')}
        maxLength={POS_LIMITS.reference}
        dir="auto"
        autoComplete="off"
      />
      {pay.error && !hasFieldErrors(pay.error, FIELDS) ? <FormError>{errorMessage(t, pay.error)}</FormError> : null}
    </FormDialogForm>
  );
}
