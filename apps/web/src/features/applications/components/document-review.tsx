import { Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { useT } from '../../../app/i18n/i18n-provider';

/** "Mark valid" unless the document is valid, "Decline" unless it is declined. */
export function DocumentReviewButtons({
  status,
  pending,
  validLabel,
  declineLabel,
  onValid,
  onDecline,
}: {
  status: string;
  pending: boolean;
  validLabel: string;
  declineLabel: string;
  onValid: () => void;
  onDecline: () => void;
}) {
  return (
    <>
      {status !== 'valid' && (
        <Button size="sm" variant="outline" disabled={pending} onClick={onValid}>
          <Check className="size-4" aria-hidden />
          {validLabel}
        </Button>
      )}
      {status !== 'declined' && (
        <Button size="sm" variant="outline" onClick={onDecline}>
          <X className="size-4" aria-hidden />
          {declineLabel}
        </Button>
      )}
    </>
  );
}

/** Declining a document asks for the note the vendor or applicant will read; the note starts empty each time. */
export function DeclineDialog({
  open,
  onOpenChange,
  title,
  description,
  noteLabel,
  declineLabel,
  pending,
  error,
  onDecline,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  noteLabel: string;
  declineLabel: string;
  pending: boolean;
  error?: string;
  onDecline: (note: string) => void;
}) {
  const t = useT();
  const [note, setNote] = useState('');
  useEffect(() => {
    if (open) setNote('');
  }, [open]);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button variant="destructive" disabled={pending || !note.trim()} onClick={() => onDecline(note.trim())}>
            {declineLabel}
          </Button>
        </>
      }
    >
      <FormField label={`${noteLabel} *`} error={error}>
        {(p) => (
          <textarea {...p} className={`${fieldClass} h-24 py-2`} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </FormField>
    </FormDialog>
  );
}
