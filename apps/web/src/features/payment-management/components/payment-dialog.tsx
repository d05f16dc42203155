import { PAYMENT_METHODS, type PaymentMethod } from '@market/contracts/plain';
import { useMemo, useRef, useState } from 'react';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage, fieldError, fieldErrors, hasFieldErrors } from '../../../lib/api-errors';
import { autoAllocate } from '../allocation';
import { formatDay } from '../format';
import { formatMoney, minorDigits, toMajorInput, toMinor } from '../money';
import { useOpenInvoices, type Invoice, type PaymentDetail } from '../payment-management-api';
import { useIdempotencyKey, useRecordPayment } from '../payment-management-mutations';
import { FormError, MoneyField, SelectField } from './form-bits';

/**
 * Records money received from a vendor and splits it over the vendor's open invoices (the one it was opened
 * for first). Mounted per opening: its Idempotency-Key is sent with every attempt of this opening, so a retry
 * after a lost answer or a double click records the payment once.
 */
export function PaymentDialog({
  vendorId,
  currency,
  invoice,
  onClose,
  onRecorded,
}: {
  vendorId: string;
  currency: string;
  invoice: Pick<Invoice, 'id' | 'balance'>;
  onClose: () => void;
  onRecorded: (payment: PaymentDetail) => void;
}) {
  const { t, language } = useI18n();
  const key = useIdempotencyKey();
  const record = useRecordPayment();
  const open = useOpenInvoices(vendorId);
  const digits = minorDigits(currency);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amountText, setAmountText] = useState(() => toMajorInput(invoice.balance, digits));
  const [reference, setReference] = useState('');
  // Typed shares per invoice once the user edits one; until then the split follows the amount.
  const [typed, setTyped] = useState<Record<string, string> | null>(null);
  const [checks, setChecks] = useState<Record<string, string>>({});
  const sent = useRef<string[]>([]);
  const inFlight = useRef(false);

  const invoices = useMemo(() => {
    const list = open.data ?? [];
    // The invoice the dialog was opened for comes first, even before the list arrives; the others by due date.
    const own = list.find((i) => i.id === invoice.id) ?? ({ ...invoice, number: null, dueDate: null } as Invoice);
    return [own, ...list.filter((i) => i.id !== invoice.id)];
  }, [open.data, invoice]);
  const amount = toMinor(amountText, digits);
  const auto = useMemo(() => autoAllocate(amount ?? 0, invoices, invoice.id), [amount, invoices, invoice.id]);
  const shareText = (id: string) => typed?.[id] ?? toMajorInput(auto.get(id) ?? 0, digits);
  const shares = invoices.map((i) => ({ invoice: i, minor: toMinor(shareText(i.id), digits) }));
  const allocated = shares.reduce((s, x) => s + (x.minor ?? 0), 0);

  const serverField = (name: string) => fieldError(record.error, name);
  const allocationError = (index: number) => {
    const sentIndex = sent.current.indexOf(invoices[index]!.id);
    return checks[`share.${invoices[index]!.id}`] ?? (sentIndex >= 0 ? serverField(`allocations.${sentIndex}`) : undefined);
  };

  // Only the error about the split as a whole; one about a single share shows under that share.
  const wholeAllocationError = fieldErrors(record.error).allocations;

  const submit = () => {
    if (inFlight.current) return;
    const found: Record<string, string> = {};
    if (amount === null || amount <= 0) found.amount = t('pay.check.amount');
    for (const s of shares) {
      if (s.minor === null) found[`share.${s.invoice.id}`] = t('pay.check.amount');
      else if (s.minor > s.invoice.balance) found[`share.${s.invoice.id}`] = t('pay.check.overBalance');
    }
    const parts = shares.filter((s) => (s.minor ?? 0) > 0);
    if (!found.amount && !Object.keys(found).length && allocated !== amount) found.allocations = t('pay.check.allocationSum');
    if (!found.amount && !parts.length) found.allocations = t('pay.check.allocationNone');
    setChecks(found);
    if (Object.keys(found).length) return;
    sent.current = parts.map((s) => s.invoice.id);
    inFlight.current = true;
    record.mutate(
      {
        key,
        body: {
          vendorId,
          method,
          amount: amount!,
          reference: reference.trim() || null,
          allocations: parts.map((s) => ({ invoiceId: s.invoice.id, amount: s.minor! })),
        },
      },
      {
        onSuccess: (payment) => onRecorded(payment),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const known = ['amount', 'method', 'reference', 'allocations'];
  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.payment.title')}
      description={t('pay.payment.description')}
      wide
      pending={record.isPending}
      submitLabel={record.isPending ? t('pay.saving') : t('pay.payment.submit')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="payment-form"
    >
      <SelectField
        label={t('pay.field.method')}
        value={method}
        onValueChange={setMethod}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`pay.method.${m}`) }))}
        error={serverField('method')}
      />
      <MoneyField
        label={t('pay.field.amount')}
        currency={currency}
        value={amountText}
        onValueChange={setAmountText}
        error={checks.amount ?? serverField('amount')}
      />
      <TextField
        label={t('pay.field.reference')}
        hint={t('pay.field.referenceHint')}
        value={reference}
        onValueChange={setReference}
        maxLength={200}
        dir="auto"
        error={serverField('reference')}
        className="sm:col-span-2"
      />
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">{t('pay.payment.allocations')}</legend>
        {open.isError && <FormError>{errorMessage(t, open.error)}</FormError>}
        <ul className="flex flex-col gap-2">
          {invoices.map((inv, index) => (
            <li key={inv.id} className="grid items-end gap-2 rounded-md border p-2 sm:grid-cols-[1fr_12rem]">
              <div className="text-sm">
                <div className="font-medium" dir="ltr">
                  {inv.number ?? t('pay.invoice.noNumber')}
                </div>
                <div className="text-xs text-muted-foreground">
                  {t('pay.payment.openBalance', { amount: formatMoney(inv.balance, currency, language) })}
                  {inv.dueDate && ` · ${t('pay.invoice.dueOn', { date: formatDay(inv.dueDate, language) })}`}
                </div>
              </div>
              <MoneyField
                label={t('pay.payment.share', { number: inv.number ?? '' })}
                currency={null}
                value={shareText(inv.id)}
                onValueChange={(v) =>
                  setTyped((prev) => ({ ...Object.fromEntries(invoices.map((i) => [i.id, shareText(i.id)])), ...prev, [inv.id]: v }))
                }
                error={allocationError(index)}
              />
            </li>
          ))}
        </ul>
        <p className="text-sm" aria-live="polite">
          {t('pay.payment.allocated', {
            allocated: formatMoney(allocated, currency, language),
            amount: formatMoney(amount ?? 0, currency, language),
          })}
        </p>
        {typed && (
          <button
            type="button"
            className="self-start text-sm text-primary underline-offset-4 hover:underline"
            onClick={() => setTyped(null)}
          >
            {t('pay.payment.autoSplit')}
          </button>
        )}
        {(checks.allocations ?? wholeAllocationError) && (
          <span role="alert" className="text-xs text-destructive">
            {checks.allocations ?? wholeAllocationError}
          </span>
        )}
      </fieldset>
      {record.error != null && !hasFieldErrors(record.error, known) && <FormError>{errorMessage(t, record.error)}</FormError>}
    </FormDialogForm>
  );
}
