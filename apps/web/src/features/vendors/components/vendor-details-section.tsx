import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorMessage, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { useUpdateVendor, type Vendor } from '../vendors-api';
import { formToBody, VendorFields, vendorToForm } from './vendor-form';

/** Edits a vendor's details; field errors from the server appear under their fields. */
export function VendorDetailsSection({ vendor }: { vendor: Vendor }) {
  const t = useT();
  const update = useUpdateVendor(vendor.id);
  const [form, setForm] = useState(() => vendorToForm(vendor));
  const junior = vendor.vendorType === 'junior';
  const dirty = JSON.stringify(form) !== JSON.stringify(vendorToForm(vendor));
  const general = update.error && !hasFieldErrors(update.error) ? errorMessage(t, update.error) : null;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { body: formToBody(form, junior), expectedUpdatedAt: vendor.updatedAt },
          {
            onSuccess: (v) => {
              setForm(vendorToForm(v));
              toast.success(t('vendors.toast.saved'));
            },
          },
        );
      }}
    >
      <VendorFields form={form} onChange={setForm} error={update.error} junior={junior} full />
      {general && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {general}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          disabled={!dirty || update.isPending}
          onClick={() => {
            update.reset();
            setForm(vendorToForm(vendor));
          }}
        >
          {t('vendors.discard')}
        </Button>
        <Button type="submit" disabled={!dirty || update.isPending}>
          {update.isPending ? t('vendors.saving') : t('vendors.save')}
        </Button>
      </div>
    </form>
  );
}
