import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';

/**
 * Asks why before a change that is kept on the record (an absence, a no-show, a cancellation, a rejected
 * request); the server's refusal shows in place.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: Error | null;
  onConfirm: (reason: string) => void;
}) {
  const t = useT();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);
  const reasonError = missing ? t('marketAssignments.reason.required') : fieldError(error, 'reason');
  const general = open && error && !hasFieldErrors(error, ['reason']) ? errorMessage(t, error) : null;
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('marketAssignments.reason.back')}
          </Button>
          <Button variant="destructive" type="submit" form={formId} disabled={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => (e.preventDefault(), submit())} className="flex flex-col gap-3">
        <FormField label={t('marketAssignments.reason.label')} error={reasonError}>
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
