import { IMPORT_LIMITS } from '@market/contracts/plain';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ApiError } from '../../../lib/api';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useCreateProfile, type ImportColumn, type ImportOptions } from '../product-import-api';

/** Saves the mapping and options on screen as a named profile, for the next file of the same shape. */
export function ImportSaveProfileDialog({
  mapping,
  options,
  onClose,
}: {
  mapping: ImportColumn[];
  options: ImportOptions;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const create = useCreateProfile();
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const nameError = missing
    ? t('productImport.profile.nameRequired')
    : create.error instanceof ApiError && create.error.status === 409 && !hasFieldErrors(create.error)
      ? t('productImport.profile.nameTaken')
      : fieldError(create.error, 'name');
  const submit = () => {
    if (create.isPending) return;
    const trimmed = name.trim();
    setMissing(!trimmed);
    if (!trimmed) return;
    create.mutate(
      { name: trimmed, mapping, options },
      {
        onSuccess: (p) => {
          toast.success(t('productImport.profile.saved', { name: p.name }));
          onClose();
        },
      },
    );
  };
  const other = create.error && !nameError && !hasFieldErrors(create.error, ['name']);
  return (
    <FormDialogForm
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('productImport.profile.saveTitle')}
      description={t('productImport.profile.saveDescription')}
      pending={create.isPending}
      submitLabel={create.isPending ? t('productImport.saving') : t('productImport.profile.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-3"
      testId="import-profile-form"
    >
      <TextField
        label={t('productImport.profile.name')}
        value={name}
        onValueChange={setName}
        error={nameError}
        maxLength={IMPORT_LIMITS.profileName}
        dir="auto"
        autoFocus
        required
      />
      {other && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, create.error)}
        </p>
      )}
    </FormDialogForm>
  );
}
