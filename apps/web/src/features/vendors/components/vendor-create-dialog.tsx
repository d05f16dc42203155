import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { useCreateVendor, type VendorType } from '../vendors-api';
import type { VendorArea } from './vendors-area';
import { emptyVendorForm, formToBody, VendorFields } from './vendor-form';

/** Adds a vendor by hand; a junior vendor also needs its date of birth and a guardian who consented. */
export function VendorCreateDialog({
  open,
  onOpenChange,
  area,
  defaultType,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  area: VendorArea;
  defaultType: VendorType;
  onCreated: (id: string) => void;
}) {
  const t = useT();
  const create = useCreateVendor();
  const [type, setType] = useState<VendorType>(defaultType);
  const [form, setForm] = useState(emptyVendorForm);
  // `reset` is bound to the mutation's observer and keeps one identity across renders.
  const resetCreate = create.reset;
  useEffect(() => {
    if (!open) return;
    resetCreate();
    setType(area === 'junior' ? 'junior' : defaultType);
    setForm(emptyVendorForm());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- area and defaultType are read when the dialog opens; a change while it is open must not wipe what was typed
  }, [open, resetCreate]);

  const junior = type === 'junior';
  const general = create.error && !hasFieldErrors(create.error) ? errorMessage(t, create.error) : null;
  const submit = () =>
    create.mutate(
      { vendorType: type, ...formToBody(form, junior), publicName: form.publicName },
      {
        onSuccess: (v) => {
          toast.success(t('vendors.toast.created', { name: v.publicName }));
          onOpenChange(false);
          onCreated(v.id);
        },
      },
    );

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t(junior ? 'vendors.create.titleJunior' : 'vendors.create.title')}
      description={t('vendors.create.description')}
      pending={create.isPending}
      submitLabel={create.isPending ? t('vendors.saving') : t('vendors.create.submit')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-4"
    >
      {area === 'market' && (
        <FormField label={t('vendors.field.vendorType')}>
          {(p) => (
            <select {...p} className={fieldClass} value={type} onChange={(e) => setType(e.target.value as VendorType)}>
              <option value="market">{t('vendors.type.market')}</option>
              <option value="normal">{t('vendors.type.normal')}</option>
            </select>
          )}
        </FormField>
      )}
      <VendorFields form={form} onChange={setForm} error={create.error} junior={junior} />
      {general && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
