import { useState } from 'react';
import { FormDialogForm } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatDay, FormError, minorDigits, MoneyField, toMajorInput, toMinor, useMoneyForm } from '../payment-management';
import { useDeclareOwnSales, type VendorMarketDay } from './vendor-money-api';

/**
 * The vendor declares (or corrects) what it sold on one of its booked days, typed in the major unit of the base
 * currency; the server keeps it on the booking, where staff price the market's share from it.
 */
export function VendorSalesDialog({ day, currency, onClose }: { day: VendorMarketDay; currency: string; onClose: () => void }) {
  const { t, language } = useI18n();
  const digits = minorDigits(currency);
  const [typed, setTyped] = useState(() => (day.declaredSales === null ? '' : toMajorInput(day.declaredSales, digits)));
  const form = useMoneyForm({ mutation: useDeclareOwnSales(day.id), fields: ['amount'], onDone: onClose });
  const place = language === 'ar' ? day.locationNameAr : day.locationNameEn;
  const save = () => {
    const amount = toMinor(typed, digits);
    const checks: Record<string, string> = amount === null ? { amount: t('pay.check.amountOrZero') } : {};
    form.submit(checks, () => ({ amount: amount! }));
  };
  return (
    <FormDialogForm
      testId="vendor-sales-form"
      formClassName="grid gap-3"
      title={t('vendorDashboard.sales.title')}
      description={t('vendorDashboard.sales.description', { date: formatDay(day.date, language, 'long'), location: place })}
      open
      onOpenChange={(open) => !open && onClose()}
      onSubmit={save}
      submitLabel={form.submitLabel(t('vendorDashboard.sales.save'))}
      cancelLabel={t('common.cancel')}
      pending={form.pending}
    >
      <MoneyField
        label={t('vendorDashboard.sales.amount')}
        hint={t('vendorDashboard.sales.hint')}
        currency={currency}
        value={typed}
        onValueChange={setTyped}
        error={form.error('amount')}
      />
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
