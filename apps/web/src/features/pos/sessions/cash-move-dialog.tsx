import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney, FormError, minorDigits, MoneyField, toMinor, useMoneyForm } from '../../payment-management';
import { useCashMove, type PosSession } from './sessions-api';

/**
 * Puts cash in the drawer or takes it out, with a reason. Mounted per opening: the opening's Idempotency-Key
 * (useMoneyForm) goes with every attempt, so a retry or a double click moves the cash once.
 */
export function CashMoveDialog({
  session,
  kind: initialKind,
  currency,
  onClose,
}: {
  session: PosSession;
  kind: 'in' | 'out';
  currency: string | null;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const digits = minorDigits(currency);
  const [kind, setKind] = useState(initialKind);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const mutation = useCashMove(session.id);
  const form = useMoneyForm({
    mutation,
    fields: ['kind', 'amount', 'reason'],
    onDone: () => {
      toast.success(t(kind === 'in' ? 'posSessions.toast.cashIn' : 'posSessions.toast.cashOut', { register: session.registerName }));
      onClose();
    },
  });

  const submit = () => {
    const amount = toMinor(amountText, digits);
    const found: Record<string, string> = {};
    if (amount === null || amount <= 0) found.amount = t('posSessions.check.positive');
    else if (kind === 'out' && amount > session.expectedCash)
      found.amount = t('posSessions.check.cashOutCap', { amount: formatMoney(session.expectedCash, currency, language) });
    if (!reason.trim()) found.reason = t('posSessions.check.reason');
    form.submit(found, () => ({ body: { kind, amount: amount!, reason: reason.trim() } }));
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('posSessions.cash.title', { register: session.registerName })}
      description={t('posSessions.cash.description', { amount: formatMoney(session.expectedCash, currency, language) })}
      pending={form.pending}
      submitLabel={form.submitLabel(t('posSessions.cash.submit'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="cash-move-form"
    >
      <fieldset className="flex flex-col gap-1 text-sm sm:col-span-2">
        <legend className="font-medium">{t('posSessions.field.direction')}</legend>
        <div className="flex gap-4 pt-1">
          {(['in', 'out'] as const).map((k) => (
            <label key={k} className="flex items-center gap-1.5">
              <input type="radio" name="cash-move-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {t(k === 'in' ? 'posSessions.cash.in' : 'posSessions.cash.out')}
            </label>
          ))}
        </div>
      </fieldset>
      <MoneyField
        label={t('posSessions.field.amount')}
        currency={currency}
        value={amountText}
        onValueChange={setAmountText}
        error={form.error('amount')}
      />
      <TextField
        label={t('posSessions.field.reason')}
        value={reason}
        onValueChange={setReason}
        error={form.error('reason')}
        maxLength={200}
        dir="auto"
      />
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
