import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';
import { attributesOf, defaultAttributes, readAttributes, SlotAttributeFields, type AttributeState } from './slot-attributes';
import { useSaveSlot, type Category, type Slot } from './slots-api';
import { useFormErrors } from './use-form-errors';

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
  const { error, general, setLocal } = useFormErrors(open, save.error, save.reset);
  useEffect(() => {
    if (!open) return;
    setCode(slot?.code ?? '');
    setAttrs(slot ? attributesOf(slot, currency) : defaultAttributes(currency));
  }, [open, slot, currency]);

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
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={slot ? t('slots.form.editTitle', { code: slot.code }) : t('slots.form.createTitle')}
      description={t('slots.form.description')}
      pending={save.isPending}
      submitLabel={save.isPending ? t('slots.form.saving') : t('slots.form.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <TextField
        label={t('slots.form.code')}
        hint={t('slots.form.codeHint')}
        error={error('code')}
        className="sm:col-span-2"
        dir="ltr"
        maxLength={20}
        value={code}
        onValueChange={setCode}
      />
      <SlotAttributeFields value={attrs} onChange={setAttrs} currency={currency} categories={categories} error={error} />
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
