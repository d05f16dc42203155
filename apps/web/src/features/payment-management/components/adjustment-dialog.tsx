import { INVOICE_ADJUSTMENT_KINDS, type InvoiceAdjustmentKind } from '@market/contracts/plain';
import { useRef, useState } from 'react';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { formatMoney, minorDigits, toMajorInput, toMinor } from '../money';
import type { Invoice } from '../payment-management-api';
import { useAdjustInvoice, useIdempotencyKey } from '../payment-management-mutations';
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
  const key = useIdempotencyKey();
  const adjust = useAdjustInvoice();
  const digits = minorDigits(invoice.currency);
  const [kind, setKind] = useState(initialKind);
  const [amountText, setAmountText] = useState(() => toMajorInput(invoice.balance, digits));
  const [reason, setReason] = useState('');
  const [checks, setChecks] = useState<Record<string, string>>({});
  const inFlight = useRef(false);

  const submit = () => {
    if (inFlight.current) return;
    const amount = toMinor(amountText, digits);
    const found: Record<string, string> = {};
    if (amount === null || amount <= 0) found.amount = t('pay.check.amount');
    else if (amount > invoice.balance) found.amount = t('pay.check.overBalance');
    if (!reason.trim()) found.reason = t('pay.check.reason');
    setChecks(found);
    if (Object.keys(found).length) return;
    inFlight.current = true;
    adjust.mutate(
      { key, invoiceId: invoice.id, body: { kind, amount: amount!, reason: reason.trim() } },
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
      title={t('pay.adjust.title', { number: invoice.number ?? '' })}
      description={t('pay.adjust.description', { amount: formatMoney(invoice.balance, invoice.currency, language) })}
      pending={adjust.isPending}
      submitLabel={adjust.isPending ? t('pay.saving') : t('pay.adjust.submit')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="adjustment-form"
    >
      <SelectField
        label={t('pay.field.adjustmentKind')}
        value={kind}
        onValueChange={setKind}
        options={INVOICE_ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`pay.adjustment.${k}`) }))}
        error={fieldError(adjust.error, 'kind')}
      />
      <MoneyField
        label={t('pay.field.amount')}
        currency={invoice.currency}
        value={amountText}
        onValueChange={setAmountText}
        error={checks.amount ?? fieldError(adjust.error, 'amount')}
      />
      <ReasonField
        label={t('pay.field.reason')}
        value={reason}
        onValueChange={setReason}
        error={checks.reason ?? fieldError(adjust.error, 'reason')}
      />
      <p className="text-xs text-muted-foreground sm:col-span-2">{t('pay.adjust.approvedByYou')}</p>
      {adjust.error != null && !hasFieldErrors(adjust.error, ['kind', 'amount', 'reason']) && (
        <FormError>{errorMessage(t, adjust.error)}</FormError>
      )}
    </FormDialogForm>
  );
}
