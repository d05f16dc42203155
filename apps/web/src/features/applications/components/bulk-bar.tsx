import { Check, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useBulkAction, type ApplicationListItem, type BulkAction } from '../applications-api';

export interface BulkFailure {
  id: string;
  name: string;
  error: string;
}

/**
 * Approve, waitlist or reject the selected applications. Each one succeeds or fails on its own, so
 * the answer is summed up in a toast and the failures (with the server's reason) are handed back.
 */
export function BulkBar({
  selected,
  items,
  onDone,
}: {
  selected: string[];
  items: ApplicationListItem[];
  onDone: (failures: BulkFailure[]) => void;
}) {
  const { t } = useI18n();
  const bulk = useBulkAction();
  const [action, setAction] = useState<BulkAction | null>(null);
  const [reason, setReason] = useState('');
  const nameOf = (id: string) => items.find((i) => i.id === id)?.applicantName ?? id;

  const open = (a: BulkAction) => {
    bulk.reset();
    setReason('');
    setAction(a);
  };
  const run = () => {
    if (!action) return;
    bulk.mutate(
      { ids: selected, action, reason: action === 'reject' ? reason.trim() : undefined },
      {
        onSuccess: ({ results }) => {
          const ok = results.filter((r) => r.ok).length;
          const failures = results.filter((r) => !r.ok).map((r) => ({ id: r.id, name: nameOf(r.id), error: r.error ?? '' }));
          const summary = t(`review.bulk.done.${action}`, { count: ok });
          if (failures.length) toast.warning(`${summary} ${t('review.bulk.failedCount', { count: failures.length })}`);
          else toast.success(summary);
          setAction(null);
          onDone(failures);
        },
      },
    );
  };

  if (selected.length === 0) return null;
  return (
    <div
      className="sticky bottom-2 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 shadow-md"
      role="region"
      aria-label={t('review.bulk.label')}
      data-testid="bulk-bar"
    >
      <span className="px-2 text-sm font-medium" aria-live="polite">
        {t('review.bulk.selected', { count: selected.length })}
      </span>
      <Button size="sm" onClick={() => open('approve')} data-testid="bulk-approve">
        <Check className="size-4" aria-hidden />
        {t('review.action.approve')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => open('waitlist')} data-testid="bulk-waitlist">
        <Clock className="size-4" aria-hidden />
        {t('review.action.waitlist')}
      </Button>
      <Button size="sm" variant="destructive" onClick={() => open('reject')} data-testid="bulk-reject">
        <X className="size-4" aria-hidden />
        {t('review.action.reject')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onDone([])}>
        {t('review.bulk.clear')}
      </Button>
      <FormDialog
        open={!!action}
        onOpenChange={(o) => !o && setAction(null)}
        title={action ? t(`review.bulk.title.${action}`, { count: selected.length }) : ''}
        description={action ? t(`review.bulk.hint.${action}`) : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setAction(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant={action === 'reject' ? 'destructive' : 'default'}
              disabled={bulk.isPending || (action === 'reject' && !reason.trim())}
              onClick={run}
              data-testid="bulk-confirm"
            >
              {action ? t(`review.action.${action}`) : ''}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <ul className="max-h-40 list-disc overflow-y-auto ps-5 text-sm">
            {selected.map((id) => (
              <li key={id}>
                <bdi>{nameOf(id)}</bdi>
              </li>
            ))}
          </ul>
          {action === 'reject' && (
            <FormField label={`${t('review.field.reason')} *`} hint={t('review.field.reasonHint')} error={fieldError(bulk.error, 'reason')}>
              {(p) => (
                <textarea
                  {...p}
                  className={`${fieldClass} h-24 py-2`}
                  maxLength={2000}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              )}
            </FormField>
          )}
          {bulk.error && !fieldError(bulk.error, 'reason') && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
              {errorMessage(t, bulk.error)}
            </p>
          )}
        </div>
      </FormDialog>
    </div>
  );
}

/** The applications a bulk action could not change, each with the server's reason. */
export function BulkFailures({ failures, onDismiss }: { failures: BulkFailure[]; onDismiss: () => void }) {
  const { t } = useI18n();
  if (!failures.length) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-amber-400/60 bg-amber-50 p-3 text-sm dark:bg-amber-900/20"
      data-testid="bulk-failures"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">{t('review.bulk.failuresTitle', { count: failures.length })}</p>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {t('common.close')}
        </Button>
      </div>
      <ul className="flex flex-col gap-1">
        {failures.map((f) => (
          <li key={f.id}>
            <span className="font-medium" dir="auto">
              {f.name}
            </span>
            : {f.error}
          </li>
        ))}
      </ul>
    </div>
  );
}
