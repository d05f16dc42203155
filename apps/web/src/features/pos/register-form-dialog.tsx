import { isPosManager, POS_REGISTER_LIMITS, POS_TENDERS, type PosTender } from '@market/contracts/plain';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, fieldClass, TextField } from '../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useMe } from '../../app/session/use-me';
import { MoneyField, minorDigits, toMajorInput, toMinor } from '../payment-management';
import { CashiersField, sameCashiers } from './cashiers-field';
import { usePosChannels, useRegisterLocations, useSaveRegister, type PosRegister } from './pos-api';
import { ReceiptPreview } from './receipt-preview';

const TEXTS = ['receiptHeaderEn', 'receiptHeaderAr', 'receiptFooterEn', 'receiptFooterAr'] as const;
type Form = {
  name: string;
  locationId: string;
  float: string;
  tenders: PosTender[];
  allowNegativeStock: boolean;
  cashierIds: string[];
  channelId: string;
} & Record<(typeof TEXTS)[number], string>;

const formOf = (r: PosRegister | null, digits: number): Form => ({
  name: r?.name ?? '',
  locationId: r?.locationId ?? '',
  float: toMajorInput(r?.openingFloat ?? 0, digits),
  tenders: r?.tenders ?? ['cash', 'card'],
  allowNegativeStock: r?.allowNegativeStock ?? false,
  cashierIds: r?.cashierIds ?? [],
  channelId: r?.channelId ?? '',
  receiptHeaderEn: r?.receiptHeaderEn ?? '',
  receiptHeaderAr: r?.receiptHeaderAr ?? '',
  receiptFooterEn: r?.receiptFooterEn ?? '',
  receiptFooterAr: r?.receiptFooterAr ?? '',
});

/**
 * Add or edit a register; the float is typed in the currency's major units and sent in minor units. Its cashiers are
 * sent only when changed, and only a manager can change them: anyone else's edits of the other fields save as before.
 */
export function RegisterFormDialog({
  open,
  onOpenChange,
  register,
  currency,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  register: PosRegister | null;
  currency: string | null;
}) {
  const { t, language } = useI18n();
  const save = useSaveRegister();
  const locations = useRegisterLocations();
  const channels = usePosChannels();
  const me = useMe();
  const manager = !!me.data && isPosManager(me.data.effectiveRole);
  const digits = minorDigits(currency);
  const [form, setForm] = useState<Form>(() => formOf(null, digits));
  const [local, setLocal] = useState<Record<string, string>>({});
  const stockHintId = useId();
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    resetSave();
    setForm(formOf(register, digits));
    setLocal({});
  }, [open, register, digits, resetSave]);

  const err = (f: string) => local[f] ?? fieldError(save.error, f) ?? (f === 'tenders' ? fieldError(save.error, 'tenders.0') : undefined);
  const general = save.error && !hasFieldErrors(save.error) ? errorMessage(t, save.error) : null;
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    const errors: Record<string, string> = {};
    const openingFloat = toMinor(form.float, digits);
    if (!form.name.trim()) errors.name = t('pos.form.required');
    if (openingFloat === null || openingFloat < 0 || openingFloat > POS_REGISTER_LIMITS.openingFloatMax)
      errors.openingFloat = t('pos.form.floatInvalid');
    if (!form.tenders.length) errors.tenders = t('pos.form.tendersRequired');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const body = {
      name: form.name,
      locationId: form.locationId || null,
      openingFloat: openingFloat!,
      tenders: form.tenders,
      allowNegativeStock: form.allowNegativeStock,
      channelId: form.channelId || null,
      ...Object.fromEntries(TEXTS.map((k) => [k, form[k]])),
      ...(sameCashiers(form.cashierIds, register?.cashierIds ?? []) ? {} : { cashierIds: form.cashierIds }),
    };
    save.mutate(
      { id: register?.id, body, expectedUpdatedAt: register?.updatedAt },
      {
        onSuccess: () => {
          toast.success(register ? t('pos.registers.toast.updated') : t('pos.registers.toast.created'));
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={register ? t('pos.form.editTitle') : t('pos.form.createTitle')}
      description={t('pos.form.description')}
      wide
      pending={save.isPending}
      submitLabel={save.isPending ? t('pos.form.saving') : t('pos.form.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <TextField
        label={t('pos.form.name')}
        error={err('name')}
        maxLength={POS_REGISTER_LIMITS.name}
        value={form.name}
        onValueChange={(name) => set({ name })}
      />
      <FormField label={t('pos.form.location')} error={err('locationId')}>
        {(p) => (
          <select {...p} className={fieldClass} value={form.locationId} onChange={(e) => set({ locationId: e.target.value })}>
            <option value="">{t('pos.registers.noLocation')}</option>
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {language === 'ar' ? l.nameAr : l.nameEn}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('pos.form.channel')} error={err('channelId')} hint={t('pos.form.channelHint')}>
        {(p) => (
          <select {...p} className={fieldClass} value={form.channelId} onChange={(e) => set({ channelId: e.target.value })}>
            <option value="">{t('pos.form.noChannel')}</option>
            {(channels.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.published ? c.name : t('pos.form.channelUnpublished', { name: c.name })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <MoneyField
        label={t('pos.form.float')}
        currency={currency}
        value={form.float}
        error={err('openingFloat')}
        onValueChange={(float) => set({ float })}
      />
      <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2">
        <legend className="mb-1 font-medium">{t('pos.form.tenders')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {POS_TENDERS.map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                checked={form.tenders.includes(k)}
                onChange={(e) => set({ tenders: e.target.checked ? [...form.tenders, k] : form.tenders.filter((x) => x !== k) })}
              />
              {t(`pos.tender.${k}`)}
            </label>
          ))}
        </div>
        {err('tenders') && <span className="text-xs text-destructive">{err('tenders')}</span>}
      </fieldset>
      <div className="flex flex-col gap-1 text-sm sm:col-span-2">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="size-4"
            checked={form.allowNegativeStock}
            aria-describedby={stockHintId}
            onChange={(e) => set({ allowNegativeStock: e.target.checked })}
          />
          {t('pos.form.allowNegativeStock')}
        </label>
        <span id={stockHintId} className={`text-xs ${err('allowNegativeStock') ? 'text-destructive' : 'text-muted-foreground'}`}>
          {err('allowNegativeStock') ?? t('pos.form.allowNegativeStockHint')}
        </span>
      </div>
      <CashiersField value={form.cashierIds} editable={manager} error={err('cashierIds')} onChange={(cashierIds) => set({ cashierIds })} />
      {TEXTS.map((k) => (
        <FormField key={k} label={t(`pos.form.${k}`)} error={err(k)}>
          {(p) => (
            <textarea
              {...p}
              {...(k.endsWith('Ar') ? { dir: 'rtl', lang: 'ar' } : { dir: 'ltr' })}
              className={`${fieldClass} h-16 py-2`}
              maxLength={POS_REGISTER_LIMITS.receiptText}
              value={form[k]}
              onChange={(e) => set({ [k]: e.target.value })}
            />
          )}
        </FormField>
      ))}
      <ReceiptPreview name={form.name} texts={form} tenders={form.tenders} currency={currency} />
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
