import { CHANNEL_KINDS, CHANNEL_LIMITS, CHANNEL_LOCALES, type ChannelKind, type ChannelLocale } from '@market/contracts/plain';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormDialogForm, FormField, fieldClass, TextField } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatNumber } from '../../app/i18n/locale-format';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useChannelOptions, useSaveChannel, type Channel } from './catalog-publishing-api';
import { ChoiceList } from './choice-list';

type Form = {
  kind: ChannelKind;
  name: string;
  locales: ChannelLocale[];
  currencies: string[];
  categoryRootId: string;
  requirements: { familyId: string; attributeIds: string[] }[];
  activeOnly: boolean;
  minCompleteness: string;
  categoryIds: string[];
  brandIds: string[];
  vendorIds: string[];
  maxRemovalPercent: string;
  keepSnapshots: string;
  productUrlTemplate: string;
};

const formOf = (c: Channel | null): Form => ({
  kind: c?.kind ?? 'web',
  name: c?.name ?? '',
  locales: (c?.locales as ChannelLocale[]) ?? ['en', 'ar'],
  currencies: c?.currencies ?? [],
  categoryRootId: c?.categoryRootId ?? '',
  requirements: c?.requirements ?? [],
  activeOnly: c?.rules.activeOnly ?? true,
  minCompleteness: String(c?.rules.minCompleteness ?? 0),
  categoryIds: c?.rules.categoryIds ?? [],
  brandIds: c?.rules.brandIds ?? [],
  vendorIds: c?.rules.vendorIds ?? [],
  maxRemovalPercent: String(c?.maxRemovalPercent ?? 20),
  keepSnapshots: String(c?.keepSnapshots ?? CHANNEL_LIMITS.keepSnapshots.default),
  productUrlTemplate: c?.productUrlTemplate ?? '',
});

/** A whole number from `min` to `max` as typed, or null. */
const wholeIn = (s: string, min: number, max: number) =>
  /^\d{1,3}$/.test(s.trim()) && Number(s) >= min && Number(s) <= max ? Number(s) : null;
const percent = (s: string) => wholeIn(s, 0, 100);
const KEEP = CHANNEL_LIMITS.keepSnapshots;

/** Add or edit a channel: kind (fixed once made), languages, currencies, category root, requirements per family and rules. */
export function ChannelFormDialog({
  open,
  onOpenChange,
  channel,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  channel: Channel | null;
  onCreated: (id: string) => void;
}) {
  const { t, language } = useI18n();
  const save = useSaveChannel();
  const options = useChannelOptions();
  const [form, setForm] = useState<Form>(() => formOf(null));
  const [local, setLocal] = useState<Record<string, string>>({});
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    resetSave();
    setForm(formOf(channel));
    setLocal({});
  }, [open, channel, resetSave]);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const name = (x: { nameEn: string; nameAr: string }) => (language === 'ar' && x.nameAr ? x.nameAr : x.nameEn);
  const err = (f: string) => local[f] ?? fieldError(save.error, f);
  const general = save.error && !hasFieldErrors(save.error) ? errorMessage(t, save.error) : null;
  const o = options.data;
  const families = o?.families ?? [];

  const submit = () => {
    const errors: Record<string, string> = {};
    if (!form.name.trim()) errors.name = t('catalogPublishing.form.required');
    if (!form.locales.length) errors.locales = t('catalogPublishing.form.localesRequired');
    const minCompleteness = percent(form.minCompleteness);
    const maxRemovalPercent = percent(form.maxRemovalPercent);
    if (minCompleteness === null) errors['rules.minCompleteness'] = t('catalogPublishing.form.percent');
    if (maxRemovalPercent === null) errors.maxRemovalPercent = t('catalogPublishing.form.percent');
    const keepSnapshots = wholeIn(form.keepSnapshots, KEEP.min, KEEP.max);
    if (keepSnapshots === null)
      errors.keepSnapshots = t('catalogPublishing.form.keepSnapshotsRange', {
        min: formatNumber(KEEP.min, language),
        max: formatNumber(KEEP.max, language),
      });
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const body = {
      name: form.name.trim(),
      locales: CHANNEL_LOCALES.filter((l) => form.locales.includes(l)),
      currencies: form.currencies,
      categoryRootId: form.categoryRootId || null,
      requirements: form.requirements,
      rules: {
        activeOnly: form.activeOnly,
        minCompleteness: minCompleteness!,
        categoryIds: form.categoryIds,
        brandIds: form.brandIds,
        vendorIds: form.vendorIds,
      },
      maxRemovalPercent: maxRemovalPercent!,
      keepSnapshots: keepSnapshots!,
      productUrlTemplate: form.productUrlTemplate.trim() || null,
    };
    save.mutate(channel ? { id: channel.id, body, expectedUpdatedAt: channel.updatedAt } : { body: { ...body, kind: form.kind } }, {
      onSuccess: (saved) => {
        toast.success(channel ? t('catalogPublishing.toast.updated') : t('catalogPublishing.toast.created'));
        if (!channel) onCreated(saved.id);
        onOpenChange(false);
      },
    });
  };

  const toggle = <T extends string>(list: T[], x: T) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);
  const requirementOf = (familyId: string) => form.requirements.find((r) => r.familyId === familyId);

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={channel ? t('catalogPublishing.form.editTitle') : t('catalogPublishing.form.createTitle')}
      description={t('catalogPublishing.form.description')}
      wide
      pending={save.isPending}
      submitLabel={save.isPending ? t('catalogPublishing.form.saving') : t('catalogPublishing.form.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <TextField
        label={t('catalogPublishing.form.name')}
        error={err('name')}
        maxLength={CHANNEL_LIMITS.name}
        value={form.name}
        onValueChange={(v) => set({ name: v })}
      />
      <FormField label={t('catalogPublishing.form.kind')} error={err('kind')}>
        {(p) => (
          <select
            {...p}
            className={fieldClass}
            value={form.kind}
            disabled={!!channel}
            onChange={(e) => set({ kind: e.target.value as ChannelKind })}
          >
            {CHANNEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`catalogPublishing.kind.${k}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <ChoiceList
        legend={t('catalogPublishing.form.locales')}
        error={err('locales')}
        items={CHANNEL_LOCALES.map((l) => ({ id: l, label: t(`catalogPublishing.locale.${l}`) }))}
        chosen={form.locales}
        onToggle={(id) => set({ locales: toggle(form.locales, id as ChannelLocale) })}
      />
      <ChoiceList
        legend={t('catalogPublishing.form.currencies')}
        hint={t('catalogPublishing.form.currenciesHint')}
        error={err('currencies')}
        items={(o?.currencies ?? []).map((c) => ({ id: c.code, label: c.code }))}
        chosen={form.currencies}
        onToggle={(id) => set({ currencies: toggle(form.currencies, id) })}
      />
      <FormField label={t('catalogPublishing.form.categoryRoot')} error={err('categoryRootId')}>
        {(p) => (
          <select {...p} className={fieldClass} value={form.categoryRootId} onChange={(e) => set({ categoryRootId: e.target.value })}>
            <option value="">{t('catalogPublishing.form.noRoot')}</option>
            {(o?.categories ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {name(c)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label={t('catalogPublishing.form.maxRemoval')}
        error={err('maxRemovalPercent')}
        inputMode="numeric"
        value={form.maxRemovalPercent}
        onValueChange={(maxRemovalPercent) => set({ maxRemovalPercent })}
      />
      <TextField
        label={t('catalogPublishing.form.keepSnapshots')}
        hint={t('catalogPublishing.form.keepSnapshotsHint')}
        error={err('keepSnapshots')}
        inputMode="numeric"
        value={form.keepSnapshots}
        onValueChange={(keepSnapshots) => set({ keepSnapshots })}
      />
      <TextField
        className="sm:col-span-2"
        label={t('catalogPublishing.form.productUrl')}
        hint={t('catalogPublishing.form.productUrlHint')}
        error={err('productUrlTemplate')}
        dir="ltr"
        type="url"
        placeholder="https://shop.example/p/{sku}"
        value={form.productUrlTemplate}
        onValueChange={(productUrlTemplate) => set({ productUrlTemplate })}
      />

      <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2">
        <legend className="mb-1 font-medium">{t('catalogPublishing.form.requirements')}</legend>
        <p className="text-xs text-muted-foreground">{t('catalogPublishing.form.requirementsHint')}</p>
        {form.requirements.map((r) => {
          const fam = families.find((f) => f.id === r.familyId);
          return (
            <div key={r.familyId} className="rounded-md border p-2">
              <div className="flex items-center justify-between">
                <span className="font-medium">{fam ? name(fam) : r.familyId}</span>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t('catalogPublishing.form.removeFamily', { name: fam ? name(fam) : '' })}
                  onClick={() => set({ requirements: form.requirements.filter((x) => x.familyId !== r.familyId) })}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </div>
              <div className="flex flex-wrap gap-3">
                {(fam?.attributes ?? []).map((a) => (
                  <label key={a.id} className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={r.attributeIds.includes(a.id)}
                      onChange={() =>
                        set({
                          requirements: form.requirements.map((x) =>
                            x.familyId === r.familyId ? { ...x, attributeIds: toggle(x.attributeIds, a.id) } : x,
                          ),
                        })
                      }
                    />
                    {name(a)}
                  </label>
                ))}
              </div>
            </div>
          );
        })}
        <select
          aria-label={t('catalogPublishing.form.addFamily')}
          className={fieldClass}
          value=""
          onChange={(e) => e.target.value && set({ requirements: [...form.requirements, { familyId: e.target.value, attributeIds: [] }] })}
        >
          <option value="">{t('catalogPublishing.form.addFamily')}</option>
          {families
            .filter((f) => !requirementOf(f.id))
            .map((f) => (
              <option key={f.id} value={f.id}>
                {name(f)}
              </option>
            ))}
        </select>
        {err('requirements') && <span className="text-xs text-destructive">{err('requirements')}</span>}
      </fieldset>

      <fieldset className="grid gap-3 text-sm sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1 font-medium">{t('catalogPublishing.form.rules')}</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.activeOnly} onChange={(e) => set({ activeOnly: e.target.checked })} />
          {t('catalogPublishing.form.activeOnly')}
        </label>
        <TextField
          label={t('catalogPublishing.form.minCompleteness')}
          error={err('rules.minCompleteness')}
          inputMode="numeric"
          value={form.minCompleteness}
          onValueChange={(v) => set({ minCompleteness: v })}
        />
        <ChoiceList
          legend={t('catalogPublishing.form.ruleCategories')}
          hint={t('catalogPublishing.form.anyHint')}
          error={err('rules.categoryIds')}
          items={(o?.categories ?? []).map((c) => ({ id: c.id, label: name(c) }))}
          chosen={form.categoryIds}
          onToggle={(id) => set({ categoryIds: toggle(form.categoryIds, id) })}
        />
        <ChoiceList
          legend={t('catalogPublishing.form.ruleBrands')}
          hint={t('catalogPublishing.form.anyHint')}
          error={err('rules.brandIds')}
          items={(o?.brands ?? []).map((b) => ({ id: b.id, label: name(b) }))}
          chosen={form.brandIds}
          onToggle={(id) => set({ brandIds: toggle(form.brandIds, id) })}
        />
        <ChoiceList
          legend={t('catalogPublishing.form.ruleVendors')}
          hint={t('catalogPublishing.form.anyHint')}
          error={err('rules.vendorIds')}
          items={(o?.vendors ?? []).map((v) => ({ id: v.id, label: v.name }))}
          chosen={form.vendorIds}
          onToggle={(id) => set({ vendorIds: toggle(form.vendorIds, id) })}
        />
      </fieldset>
      {channel && (
        <p className="text-xs text-muted-foreground sm:col-span-2">
          {t('catalogPublishing.form.manualLists', {
            included: formatNumber(channel.includeIds.length, language),
            excluded: formatNumber(channel.excludeIds.length, language),
          })}
        </p>
      )}
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
