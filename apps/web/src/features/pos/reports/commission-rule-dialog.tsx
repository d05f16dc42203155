import { COMMISSION_RULE_KINDS, type CommissionRuleKind } from '@market/contracts/plain';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useHasPermission } from '../../../app/session/use-me';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { FormError, minorDigits, MoneyField, toMinor } from '../../payment-management';
import { useCatalogueCategoryChoices, useCreateCommissionRule, useVendorChoices, type CommissionRuleCreate } from './settlement-api';

const FIELDS = ['vendorId', 'categoryId', 'kind', 'rateBasisPoints', 'minimum', 'maximum', 'amount'] as const;

/** Each category after its parent, indented by its depth (the API sends parents before their children). */
function indented(rows: { id: string; parentId: string | null; nameEn: string; nameAr: string }[], language: string) {
  const depth = new Map<string, number>();
  return rows.map((c) => {
    const d = c.parentId ? (depth.get(c.parentId) ?? 0) + 1 : 0;
    depth.set(c.id, d);
    return { id: c.id, label: `${'\u00A0\u00A0'.repeat(d)}${language === 'ar' ? c.nameAr : c.nameEn}` };
  });
}

/**
 * A new commission rule: for a vendor, a catalogue category, both, or neither (the default); a percentage of the line
 * (typed in percent, sent in basis points) with a minimum and an optional maximum, or a flat amount per line.
 */
export function CommissionRuleDialog({ currency, onClose }: { currency: string | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const can = useHasPermission();
  const canCategories = can('master_data');
  const vendors = useVendorChoices();
  const categories = useCatalogueCategoryChoices(canCategories);
  const save = useCreateCommissionRule();
  const digits = minorDigits(currency);
  const [form, setForm] = useState({
    vendorId: '',
    categoryId: '',
    kind: 'percentage' as CommissionRuleKind,
    rate: '',
    minimum: '',
    maximum: '',
    amount: '',
  });
  const [checks, setChecks] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const err = (f: string) => checks[f] ?? fieldError(save.error, f);

  const submit = () => {
    const found: Record<string, string> = {};
    const base = { vendorId: form.vendorId || null, categoryId: form.categoryId || null };
    let body: CommissionRuleCreate;
    if (form.kind === 'flat') {
      const amount = toMinor(form.amount, digits);
      if (amount === null) found.amount = t('posReports.ruleForm.amountInvalid');
      body = { ...base, kind: 'flat', amount: amount ?? 0 };
    } else {
      // Percent with at most two decimals is a whole number of basis points: "12.5" is 1250.
      const rate = toMinor(form.rate, 2);
      const minimum = form.minimum.trim() ? toMinor(form.minimum, digits) : 0;
      const maximum = form.maximum.trim() ? toMinor(form.maximum, digits) : null;
      if (rate === null || rate > 10_000) found.rateBasisPoints = t('posReports.ruleForm.rateInvalid');
      if (minimum === null) found.minimum = t('posReports.ruleForm.amountInvalid');
      if (form.maximum.trim() && maximum === null) found.maximum = t('posReports.ruleForm.amountInvalid');
      else if (maximum !== null && minimum !== null && maximum < minimum) found.maximum = t('posReports.ruleForm.maxBelowMin');
      body = { ...base, kind: 'percentage', rateBasisPoints: rate ?? 0, minimum: minimum ?? 0, maximum };
    }
    setChecks(found);
    if (Object.keys(found).length || save.isPending) return;
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('posReports.commission.created'));
        onClose();
      },
    });
  };

  const general = save.error && !hasFieldErrors(save.error, FIELDS) ? errorMessage(t, save.error) : null;
  return (
    <FormDialogForm
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('posReports.ruleForm.title')}
      description={t('posReports.ruleForm.description')}
      pending={save.isPending}
      submitLabel={save.isPending ? t('posReports.ruleForm.saving') : t('posReports.ruleForm.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="commission-rule-form"
    >
      <FormField label={t('posReports.ruleForm.vendor')} error={err('vendorId')}>
        {(p) => (
          <select {...p} className={fieldClass} value={form.vendorId} onChange={(e) => set({ vendorId: e.target.value })}>
            <option value="">{t('posReports.commission.anyVendor')}</option>
            {(vendors.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.publicName}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('posReports.ruleForm.category')}
        error={err('categoryId')}
        hint={canCategories ? undefined : t('posReports.ruleForm.categoriesNeedMasterData')}
      >
        {(p) => (
          <select
            {...p}
            className={fieldClass}
            value={form.categoryId}
            disabled={!canCategories}
            onChange={(e) => set({ categoryId: e.target.value })}
          >
            <option value="">{t('posReports.commission.anyCategory')}</option>
            {indented(categories.data ?? [], language).map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2">
        <legend className="mb-1 font-medium">{t('posReports.ruleForm.kindLabel')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {COMMISSION_RULE_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name="commission-kind" className="size-4" checked={form.kind === k} onChange={() => set({ kind: k })} />
              {t(`posReports.ruleForm.kind.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {form.kind === 'percentage' ? (
        <>
          <TextField
            label={t('posReports.ruleForm.rate')}
            value={form.rate}
            onValueChange={(rate) => set({ rate })}
            error={err('rateBasisPoints')}
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
          />
          <MoneyField
            label={t('posReports.ruleForm.minimum')}
            currency={currency}
            value={form.minimum}
            onValueChange={(minimum) => set({ minimum })}
            error={err('minimum')}
          />
          <MoneyField
            label={t('posReports.ruleForm.maximum')}
            hint={t('posReports.ruleForm.maximumHint')}
            currency={currency}
            value={form.maximum}
            onValueChange={(maximum) => set({ maximum })}
            error={err('maximum')}
          />
        </>
      ) : (
        <MoneyField
          label={t('posReports.ruleForm.amount')}
          currency={currency}
          value={form.amount}
          onValueChange={(amount) => set({ amount })}
          error={err('amount')}
        />
      )}
      <FormError>{general}</FormError>
    </FormDialogForm>
  );
}
