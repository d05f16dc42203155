import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useApplicationAction, type ActionInput, type ApplicationDetail } from '../applications-api';
import { formatDay } from '../format';

export type DialogAction = 'request_info' | 'approve' | 'waitlist' | 'reject' | 'message';

/** The form of one action: a message (required or optional), a reason, or a workshop's market day. */
export function ActionDialog({ app, action, onClose }: { app: ApplicationDetail; action: DialogAction | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const run = useApplicationAction(app.id);
  const [text, setText] = useState('');
  const [dayId, setDayId] = useState('');
  const resetRun = run.reset;
  useEffect(() => {
    if (!action) return;
    setText('');
    setDayId('');
    resetRun();
  }, [action, resetRun]);

  const field = action === 'reject' ? 'reason' : 'message';
  const required = action === 'request_info' || action === 'message' || action === 'reject';
  const workshopDay = action === 'approve' && app.stream === 'workshop';
  const submit = () => {
    if (!action) return;
    const value = text.trim();
    const input: ActionInput =
      action === 'reject'
        ? { action, reason: value }
        : action === 'approve'
          ? { action, message: value || null, marketDayId: dayId || undefined }
          : action === 'waitlist'
            ? { action, message: value || null }
            : { action, message: value };
    run.mutate(input, {
      onSuccess: () => {
        toast.success(t(`review.done.${action}`, { name: app.applicantName }));
        onClose();
      },
      // A refusal without a field (409: the status changed meanwhile) is told in a toast, in the server's words.
      onError: (e) => {
        if (!hasFieldErrors(e)) toast.error(errorMessage(t, e));
      },
    });
  };
  const otherError = hasFieldErrors(run.error) && !hasFieldErrors(run.error, [field, 'marketDayId']) ? errorMessage(t, run.error) : null;

  return (
    <FormDialog
      open={!!action}
      onOpenChange={(o) => !o && onClose()}
      title={action ? t(`review.dialog.${action}.title`, { name: app.applicantName }) : ''}
      description={action ? t(`review.dialog.${action}.hint`) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form="application-action-form"
            variant={action === 'reject' ? 'destructive' : 'default'}
            disabled={run.isPending || (required && !text.trim())}
            data-testid="action-confirm"
          >
            {action ? t(`review.dialog.${action}.submit`) : ''}
          </Button>
        </>
      }
    >
      <form
        id="application-action-form"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {workshopDay && (
          <FormField
            label={t('review.dialog.approve.day')}
            hint={t('review.dialog.approve.dayHint')}
            error={fieldError(run.error, 'marketDayId')}
          >
            {(p) => (
              <select {...p} className={fieldClass} value={dayId} onChange={(e) => setDayId(e.target.value)} data-testid="approve-day">
                <option value="">{t('review.dialog.approve.firstWithRoom')}</option>
                {app.marketDays.map((d) => (
                  <option key={d.id} value={d.id}>
                    {formatDay(d.date, language)} · {d.locationName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <FormField
          label={`${t(action === 'reject' ? 'review.field.reason' : 'review.field.message')}${required ? ' *' : ''}`}
          hint={action === 'reject' ? t('review.field.reasonHint') : t('review.field.messageHint')}
          error={fieldError(run.error, field)}
        >
          {(p) => (
            <textarea
              {...p}
              className={`${fieldClass} h-28 py-2`}
              maxLength={action === 'reject' ? 2000 : 4000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              data-testid="action-text"
            />
          )}
        </FormField>
        {otherError && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
            {otherError}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
