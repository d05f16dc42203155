import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';

/** Cancelling needs a reason: it is kept on the day and cannot be undone. */
export function CancelDialog({
  open,
  onOpenChange,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  pending: boolean;
  error: Error | null;
  onConfirm: (reason: string) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);
  const reasonError = missing ? t('marketDays.cancel.reasonRequired') : fieldError(error, 'reason');
  const general = open && error && !hasFieldErrors(error) ? errorMessage(t, error) : null;
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('marketDays.cancel.title')}
      description={t('marketDays.cancel.description')}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('marketDays.cancel.keep')}
          </Button>
          <Button variant="destructive" type="submit" form="market-day-cancel-form" disabled={pending}>
            {t('marketDays.cancel.confirm')}
          </Button>
        </>
      }
    >
      <form id="market-day-cancel-form" noValidate onSubmit={(e) => (e.preventDefault(), submit())} className="flex flex-col gap-3">
        <FormField label={t('marketDays.cancel.reason')} error={reasonError}>
          {(p) => (
            <textarea
              {...p}
              className={`${fieldClass} h-24 py-2`}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        {general && (
          <p role="alert" className="text-sm text-destructive">
            {general}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
