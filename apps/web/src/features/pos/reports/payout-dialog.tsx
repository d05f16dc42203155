import { PAYOUT_METHODS, POS_LIMITS, type PayoutMethod } from '@market/contracts/plain';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney, FormError, minorDigits, MoneyField, toMajorInput, toMinor, useMoneyForm } from '../../payment-management';
import { isDay, localToday } from './report-dates';
import { useRecordPayout, type SettlementRow } from './settlement-api';

/**
 * Pays a vendor what the operator owes it, prefilled with the amount owed (a negative balance). Mounted per opening:
 * payment management's money form gives the opening one Idempotency-Key, sent with every attempt of it.
 */
export function PayoutDialog({ row, currency, onClose }: { row: SettlementRow; currency: string | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const digits = minorDigits(currency);
  const owed = Math.max(0, -row.balance);
  const [amount, setAmount] = useState(() => (owed > 0 ? toMajorInput(owed, digits) : ''));
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(() => localToday());
  const form = useMoneyForm({
    mutation: useRecordPayout(),
    fields: ['amount', 'method', 'reference', 'paidOn'],
    onDone: () => {
      toast.success(t('posReports.payout.saved', { vendor: row.vendorName }));
      onClose();
    },
  });

  const submit = () => {
    const minor = toMinor(amount, digits);
    const found: Record<string, string> = {};
    if (minor === null || minor <= 0) found.amount = t('posReports.payout.amountInvalid');
    if (!isDay(paidOn)) found.paidOn = t('posReports.payout.dateInvalid');
    form.submit(found, () => ({
      body: { vendorId: row.vendorId, amount: minor!, method, paidOn, ...(reference.trim() ? { reference: reference.trim() } : {}) },
    }));
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('posReports.payout.title', { vendor: row.vendorName })}
      description={
        owed > 0 ? t('posReports.payout.owed', { amount: formatMoney(owed, currency, language) }) : t('posReports.payout.nothingOwed')
      }
      pending={form.pending}
      submitLabel={form.submitLabel(t('posReports.payout.save'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="payout-form"
    >
      <MoneyField
        label={t('posReports.payout.amount')}
        currency={currency}
        value={amount}
        onValueChange={setAmount}
        error={form.error('amount')}
      />
      <FormField label={t('posReports.payout.method')} error={form.error('method')}>
        {(p) => (
          <select {...p} className={fieldClass} value={method} onChange={(e) => setMethod(e.target.value as PayoutMethod)}>
            {PAYOUT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`posReports.payoutMethod.${m}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label={t('posReports.payout.reference')}
        value={reference}
        onValueChange={setReference}
        error={form.error('reference')}
        maxLength={POS_LIMITS.reference}
        dir="auto"
        autoComplete="off"
      />
      <TextField
        label={t('posReports.payout.paidOn')}
        type="date"
        dir="ltr"
        value={paidOn}
        onValueChange={setPaidOn}
        error={form.error('paidOn')}
      />
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
