import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';

/**
 * Asks why before a change that is kept on the record (an absence, a no-show, a cancellation, a rejected
 * request, a check-in despite a refusal); the server's refusal shows in place. The shared ConfirmDialog has no
 * field, so this is the feature's one dialog with a reason.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending = false,
  error = null,
  onConfirm,
  words,
  large = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending?: boolean;
  error?: Error | null;
  onConfirm: (reason: string) => void;
  /** The field's label, the words when it is left empty and the back button's; the booking's reason words by default. */
  words?: { label: string; required: string; back: string };
  /** Tall buttons and larger text, for a phone at the gate (check-in). */
  large?: boolean;
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
  const said = words ?? {
    label: t('marketAssignments.reason.label'),
    required: t('marketAssignments.reason.required'),
    back: t('marketAssignments.reason.back'),
  };
  const reasonError = missing ? said.required : fieldError(error, 'reason');
  const general = open && error && !hasFieldErrors(error, ['reason']) ? errorMessage(t, error) : null;
  const tall = large ? 'h-12' : undefined;
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
          <Button variant="outline" className={tall} onClick={() => onOpenChange(false)}>
            {said.back}
          </Button>
          <Button variant="destructive" className={tall} type="submit" form={formId} disabled={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => (e.preventDefault(), submit())} className="flex flex-col gap-3">
        <FormField label={said.label} error={reasonError}>
          {(p) => (
            <textarea
              {...p}
              className={cn(fieldClass, 'h-24 py-2', large && 'text-base')}
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
