import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog, FormField, fieldClass, SubmitFooter } from '../../components/ui/form-dialog';
import { ApiError } from '../../lib/api';
import { useT } from '../../app/i18n/i18n-provider';
import { attributesOf, defaultAttributes, readAttributes, SlotAttributeFields, type AttributeState } from './slot-attributes';
import { useSaveSlot, type Category, type Slot } from './slots-api';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationId: string;
  slot: Slot | null;
  currency: string;
  categories: Category[];
}

/** Add one slot or change one; its place on the plan is set in the plan view. */
export function SlotFormDialog({ open, onOpenChange, locationId, slot, currency, categories }: Props) {
  const t = useT();
  const save = useSaveSlot();
  const [code, setCode] = useState('');
  const [attrs, setAttrs] = useState<AttributeState>(defaultAttributes(currency));
  const [local, setLocal] = useState<Record<string, string>>({});
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    resetSave();
    setLocal({});
    setCode(slot?.code ?? '');
    setAttrs(slot ? attributesOf(slot, currency) : defaultAttributes(currency));
    // Reset when the dialog opens for a slot, not when the mutation state changes.
  }, [open, slot, currency, resetSave]);

  const error = (f: string) =>
    local[f] ?? (save.error instanceof ApiError ? save.error.fields.find((e) => e.field === f)?.message : undefined);
  const general = save.error && !(save.error instanceof ApiError && save.error.fields.length) ? save.error.message : null;

  const submit = () => {
    const { values, errors } = readAttributes(attrs, currency, t);
    if (!code.trim()) errors.code = t('slots.form.codeRequired');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const done = () => {
      toast.success(slot ? t('slots.toast.updated', { code: code.trim() }) : t('slots.toast.created', { code: code.trim() }));
      onOpenChange(false);
    };
    if (slot) save.mutate({ id: slot.id, patch: { code: code.trim(), ...values }, expectedUpdatedAt: slot.updatedAt }, { onSuccess: done });
    else save.mutate({ create: { locationId, code: code.trim(), ...values } }, { onSuccess: done });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={slot ? t('slots.form.editTitle', { code: slot.code }) : t('slots.form.createTitle')}
      description={t('slots.form.description')}
      footer={
        <SubmitFooter formId="slot-form" pending={save.isPending} cancelLabel={t('common.cancel')} onCancel={() => onOpenChange(false)}>
          {save.isPending ? t('slots.form.saving') : t('slots.form.save')}
        </SubmitFooter>
      }
    >
      <form
        id="slot-form"
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField label={t('slots.form.code')} hint={t('slots.form.codeHint')} error={error('code')} className="sm:col-span-2">
          {(p) => <input {...p} dir="ltr" className={fieldClass} maxLength={20} value={code} onChange={(e) => setCode(e.target.value)} />}
        </FormField>
        <SlotAttributeFields value={attrs} onChange={setAttrs} currency={currency} categories={categories} error={error} />
        {general && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {general}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
