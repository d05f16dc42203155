import { Pencil, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay, formatMoment } from '../format';
import { formatMoney, minorDigits, toMajorInput, toMinor } from '../money';
import type { AssignmentFees } from '../payment-management-api';
import { useCreateSalesShareInvoice, useDeclareSales } from '../payment-management-mutations';
import { useMoneyForm } from '../use-money-form';
import { FormError, MoneyField } from './form-bits';
import { MoneyConfirmDialog } from './issue-dialogs';

/** Enters or corrects the sales declared for the booking's day (0 for a day without sales). */
function DeclaredSalesDialog({ fees, onClose }: { fees: AssignmentFees; onClose: () => void }) {
  const { t } = useI18n();
  const form = useMoneyForm({ mutation: useDeclareSales(fees.assignmentId), fields: ['amount'], onDone: onClose });
  const digits = minorDigits(fees.currency);
  const [amountText, setAmountText] = useState(() => (fees.declaredSales === null ? '' : toMajorInput(fees.declaredSales, digits)));

  const submit = () => {
    const amount = toMinor(amountText, digits);
    form.submit(amount === null || amount < 0 ? { amount: t('pay.check.amountOrZero') } : {}, () => ({ amount: amount! }));
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.sales.editTitle')}
      description={t('pay.sales.editDescription')}
      pending={form.pending}
      submitLabel={form.submitLabel(t('pay.sales.save'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="grid gap-3"
      testId="declared-sales-form"
    >
      <MoneyField
        label={t('pay.fees.declaredSales')}
        currency={fees.currency}
        value={amountText}
        onValueChange={setAmountText}
        hint={t('pay.fees.declaredSalesHint')}
        error={form.error('amount')}
      />
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}

/** Issues the one sales invoice of the booking; one key per opening, so it is made once. */
function SalesShareDialog({ fees, onClose }: { fees: AssignmentFees; onClose: () => void }) {
  const { t, language } = useI18n();
  const share = fees.salesShare!;
  return (
    <MoneyConfirmDialog
      mutation={useCreateSalesShareInvoice(fees.assignmentId)}
      variables={() => ({})}
      title={t('pay.sales.invoiceTitle')}
      message={t('pay.sales.invoiceMessage', {
        amount: formatMoney(share.amount, fees.currency, language),
        date: formatDay(share.dueDate, language),
      })}
      confirmLabel={t('pay.sales.invoice')}
      onClose={onClose}
    />
  );
}

/**
 * The sales declared for the booking's day, with who declared them and the edit action, and, when the booking was
 * invoiced before they were declared, the share of sales still to invoice ("Invoice sales share").
 */
export function DeclaredSales({ fees: f, bookingCancelled }: { fees: AssignmentFees; bookingCancelled: boolean }) {
  const { t, language } = useI18n();
  const [open, setOpen] = useState<'edit' | 'invoice' | null>(null);
  const canEdit = !bookingCancelled && !f.salesShareInvoiced && !!f.currency;
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3 text-sm" data-testid="declared-sales">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <span className="text-xs text-muted-foreground">{t('pay.fees.declaredSales')}</span>
          <span className="font-medium tabular-nums" data-testid="declared-sales-amount">
            {f.declaredSales === null ? t('pay.sales.none') : formatMoney(f.declaredSales, f.currency, language)}
          </span>
          {f.declaredSalesAt && (
            <span className="text-xs text-muted-foreground">
              {f.declaredSalesByName
                ? t('pay.sales.declaredBy', { name: f.declaredSalesByName, at: formatMoment(f.declaredSalesAt, language) })
                : t('pay.sales.declaredAt', { at: formatMoment(f.declaredSalesAt, language) })}
            </span>
          )}
        </div>
        {canEdit && (
          <Button size="sm" variant="outline" onClick={() => setOpen('edit')}>
            <Pencil className="size-3.5" aria-hidden />
            {t(f.declaredSales === null ? 'pay.sales.declare' : 'pay.sales.edit')}
          </Button>
        )}
      </div>
      {f.salesShareInvoiced && <p className="text-xs text-muted-foreground">{t('pay.sales.shareInvoiced')}</p>}
      {f.salesShare && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-2">
          <p>{t('pay.sales.shareDue', { amount: formatMoney(f.salesShare.amount, f.currency, language) })}</p>
          <Button size="sm" onClick={() => setOpen('invoice')}>
            <Receipt className="size-4" aria-hidden />
            {t('pay.sales.invoice')}
          </Button>
        </div>
      )}
      {open === 'edit' && <DeclaredSalesDialog fees={f} onClose={() => setOpen(null)} />}
      {open === 'invoice' && f.salesShare && <SalesShareDialog fees={f} onClose={() => setOpen(null)} />}
    </div>
  );
}
