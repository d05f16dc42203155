import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog, fieldClass, SubmitFooter } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api';
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
  const id = useId();
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
  const general = create.error && !(create.error instanceof ApiError && create.error.fields.length) ? create.error.message : null;
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t(junior ? 'vendors.create.titleJunior' : 'vendors.create.title')}
      description={t('vendors.create.description')}
      footer={
        <SubmitFooter
          formId={`${id}-form`}
          pending={create.isPending}
          cancelLabel={t('common.cancel')}
          onCancel={() => onOpenChange(false)}
        >
          {create.isPending ? t('vendors.saving') : t('vendors.create.submit')}
        </SubmitFooter>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {area === 'market' && (
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-type`} className="font-medium">
              {t('vendors.field.vendorType')}
            </label>
            <select id={`${id}-type`} className={fieldClass} value={type} onChange={(e) => setType(e.target.value as VendorType)}>
              <option value="market">{t('vendors.type.market')}</option>
              <option value="normal">{t('vendors.type.normal')}</option>
            </select>
          </div>
        )}
        <VendorFields form={form} onChange={setForm} error={create.error} junior={junior} />
        {general && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
            {general}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
