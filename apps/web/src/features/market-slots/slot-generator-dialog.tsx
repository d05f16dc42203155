import { MAX_SLOTS_PER_BATCH } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, TextField, fieldClass } from '../../components/ui/form-dialog';
import { fieldErrors } from '../../lib/api-errors';
import { useT } from '../../app/i18n/i18n-provider';
import { defaultAttributes, parseMetres, readAttributes, SlotAttributeFields, type AttributeState } from './slot-attributes';
import { useGenerateSlots, type Category, type Location } from './slots-api';
import { useFormErrors } from './use-form-errors';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  location: Location;
  currency: string;
  categories: Category[];
}

const RUN = { prefix: 'A', from: '1', to: '20', startX: '0', startY: '0', gapM: '0', direction: 'row' as 'row' | 'column' };

/** Creates a run of slots (A1-A20) in one step, laid out side by side on the plan. */
export function SlotGeneratorDialog({ open, onOpenChange, location, currency, categories }: Props) {
  const t = useT();
  const generate = useGenerateSlots();
  const [run, setRun] = useState(RUN);
  const [attrs, setAttrs] = useState<AttributeState>(defaultAttributes(currency));
  const { error, general, setLocal } = useFormErrors(open, generate.error, generate.reset);
  useEffect(() => {
    if (!open) return;
    setRun(RUN);
    setAttrs(defaultAttributes(currency));
  }, [open, currency]);
  // The layout as a whole (the run leaves the plan); its parts have their own fields.
  const layoutError = fieldErrors(generate.error).layout;

  const from = /^\d{1,6}$/.test(run.from.trim()) ? Number(run.from) : null;
  const to = /^\d{1,6}$/.test(run.to.trim()) ? Number(run.to) : null;
  const count = from !== null && to !== null && to >= from ? to - from + 1 : 0;
  const width = parseMetres(attrs.widthM) ?? 0;
  const depth = parseMetres(attrs.depthM) ?? 0;
  const gap = parseMetres(run.gapM) ?? 0;
  const length = count ? count * (run.direction === 'row' ? width : depth) + (count - 1) * gap : 0;

  const submit = () => {
    const { values, errors } = readAttributes(attrs, currency, t);
    if (!/^([A-Za-z0-9\u0621-\u064A\u0660-\u0669][A-Za-z0-9\u0621-\u064A\u0660-\u0669._-]*)?$/.test(run.prefix.trim()))
      errors.prefix = t('slots.generate.prefixInvalid');
    if (from === null) errors.from = t('slots.generate.numberInvalid');
    if (to === null) errors.to = t('slots.generate.numberInvalid');
    else if (from !== null && (to < from || to - from >= MAX_SLOTS_PER_BATCH)) errors.to = t('slots.generate.rangeInvalid');
    const startX = parseMetres(run.startX);
    const startY = parseMetres(run.startY);
    if (startX === null || startX < 0) errors['layout.startX'] = t('slots.generate.metresInvalid');
    if (startY === null || startY < 0) errors['layout.startY'] = t('slots.generate.metresInvalid');
    if (parseMetres(run.gapM) === null || gap < 0) errors['layout.gapM'] = t('slots.generate.metresInvalid');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    generate.mutate(
      {
        locationId: location.id,
        prefix: run.prefix.trim(),
        from: from!,
        to: to!,
        ...values,
        layout: { startX: startX!, startY: startY!, direction: run.direction, gapM: gap },
      },
      {
        onSuccess: (made) => {
          toast.success(t('slots.toast.generated', { count: made.length }));
          onOpenChange(false);
        },
      },
    );
  };

  const text = (key: keyof typeof RUN, label: string, field: string, numeric = true) => (
    <TextField
      label={label}
      error={error(field)}
      dir="ltr"
      inputMode={numeric ? 'decimal' : undefined}
      value={run[key]}
      onValueChange={(v) => setRun({ ...run, [key]: v })}
    />
  );

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t('slots.generate.title')}
      description={t('slots.generate.description', { width: location.planWidthM, depth: location.planDepthM })}
      pending={generate.isPending}
      submitLabel={generate.isPending ? t('slots.generate.working') : t('slots.generate.submit', { count })}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <div className="grid grid-cols-3 gap-2 sm:col-span-2">
        {text('prefix', t('slots.generate.prefix'), 'prefix', false)}
        {text('from', t('slots.generate.from'), 'from')}
        {text('to', t('slots.generate.to'), 'to')}
      </div>
      <p className="text-sm text-muted-foreground sm:col-span-2" aria-live="polite">
        {count > 0
          ? t('slots.generate.preview', { first: `${run.prefix.trim()}${from}`, last: `${run.prefix.trim()}${to}`, count })
          : t('slots.generate.previewNone')}
      </p>
      <SlotAttributeFields value={attrs} onChange={setAttrs} currency={currency} categories={categories} error={error} />
      <fieldset className="grid gap-3 rounded-md border p-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t('slots.generate.layout')}</legend>
        <FormField label={t('slots.generate.direction')} error={error('layout.direction')}>
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={run.direction}
              onChange={(e) => setRun({ ...run, direction: e.target.value as 'row' | 'column' })}
            >
              <option value="row">{t('slots.generate.row')}</option>
              <option value="column">{t('slots.generate.column')}</option>
            </select>
          )}
        </FormField>
        {text('gapM', t('slots.generate.gap'), 'layout.gapM')}
        {text('startX', t('slots.generate.startX'), 'layout.startX')}
        {text('startY', t('slots.generate.startY'), 'layout.startY')}
        <p className="text-xs text-muted-foreground sm:col-span-2">
          {t('slots.generate.extent', { length: Math.round(length * 100) / 100, width: location.planWidthM, depth: location.planDepthM })}
        </p>
        {layoutError && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {layoutError}
          </p>
        )}
      </fieldset>
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
