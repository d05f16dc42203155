import { useEffect, useId, useState } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../components/ui/form-dialog';

/** Asks why a refused check-in goes ahead: the reason is sent with it and kept on the record. */
export function CheckInOverrideDialog({
  vendor,
  reasons,
  onConfirm,
  onClose,
}: {
  /** The vendor being checked in; null closes the dialog. */
  vendor: string | null;
  /** The refusal reasons, already in words. */
  reasons: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const open = vendor !== null;
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('checkIn.override.title')}
      description={t('checkIn.override.description', { vendor: vendor ?? '', reasons })}
      footer={
        <>
          <Button variant="outline" className="h-12" onClick={onClose}>
            {t('checkIn.override.back')}
          </Button>
          <Button variant="destructive" className="h-12" type="submit" form={formId}>
            {t('checkIn.override.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => (e.preventDefault(), submit())} className="flex flex-col gap-3">
        <FormField label={t('checkIn.override.reason')} error={missing ? t('checkIn.override.required') : undefined}>
          {(p) => (
            <textarea
              {...p}
              className={`${fieldClass} h-24 py-2 text-base`}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
      </form>
    </FormDialog>
  );
}
