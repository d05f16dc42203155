import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../app/i18n/locale-format';
import { errorMessage } from '../../lib/api-errors';
import { useRotateWebhookSecret, useWebhookSecret, type WebhookEndpoint } from './use-webhooks';

/** The endpoint's signing secret: shown once after creating, revealed on request, copied, rotated with a day's overlap. */
export function WebhooksSecretDialog({
  endpoint,
  fresh,
  onOpenChange,
}: {
  endpoint: WebhookEndpoint;
  fresh?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, language } = useI18n();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState<{ secret: string; until: string | null } | null>(null);
  const q = useWebhookSecret(endpoint.id, revealed && !fresh && !rotated);
  const rotate = useRotateWebhookSecret();
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const shown = rotated?.secret ?? fresh ?? (revealed ? q.data?.secret : undefined);
  const overlap = rotated?.until ?? q.data?.previousSecretExpiresAt ?? endpoint.previousSecretExpiresAt;

  const copy = (s: string) =>
    navigator.clipboard.writeText(s).then(
      () => toast.success(t('webhooks.secret.copied')),
      (e: unknown) => toast.error(errorMessage(t, e)),
    );
  const doRotate = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: (r) => {
        setConfirming(false);
        setRotated({ secret: r.secret, until: r.previousSecretExpiresAt });
        toast.success(
          t('webhooks.secret.rotated', { date: r.previousSecretExpiresAt ? when.format(new Date(r.previousSecretExpiresAt)) : '' }),
        );
      },
    });

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('webhooks.secret.title')}
      description={endpoint.url}
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('webhooks.close')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        {fresh && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            {t('webhooks.secret.created')}
          </p>
        )}
        <p className="text-muted-foreground">{t('webhooks.secret.explain')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 break-all rounded-md border bg-muted/40 p-2 text-xs" dir="ltr" data-testid="webhook-secret">
            {shown ?? '••••••••••••••••••••••••'}
          </code>
          {shown ? (
            <Button size="sm" variant="outline" onClick={() => void copy(shown)}>
              {t('webhooks.secret.copy')}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setRevealed(true)} disabled={q.isFetching}>
              {t('webhooks.secret.reveal')}
            </Button>
          )}
          {revealed && !fresh && !rotated && (
            <Button size="sm" variant="ghost" onClick={() => setRevealed(false)}>
              {t('webhooks.secret.hide')}
            </Button>
          )}
        </div>
        {revealed && q.isFetching && <p role="status">{t('webhooks.secret.loading')}</p>}
        {revealed && q.error && (
          <p role="alert" className="text-destructive">
            {t('webhooks.secret.loadFailed')} {errorMessage(t, q.error)}
          </p>
        )}
        {overlap && new Date(overlap) > new Date() && (
          <p className="text-muted-foreground">{t('webhooks.secret.overlap', { date: when.format(new Date(overlap)) })}</p>
        )}
        {!fresh && (
          <div className="flex flex-col gap-2 border-t pt-3">
            {confirming ? (
              <>
                <p>{t('webhooks.secret.rotateConfirm')}</p>
                <div className="flex gap-2">
                  <Button size="sm" onClick={doRotate} disabled={rotate.isPending}>
                    {t('webhooks.secret.rotate')}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                    {t('webhooks.cancel')}
                  </Button>
                </div>
              </>
            ) : (
              <Button size="sm" variant="outline" className="self-start" onClick={() => setConfirming(true)}>
                {t('webhooks.secret.rotate')}
              </Button>
            )}
            {rotate.error && (
              <p role="alert" className="text-destructive">
                {errorMessage(t, rotate.error)}
              </p>
            )}
          </div>
        )}
      </div>
    </FormDialog>
  );
}
