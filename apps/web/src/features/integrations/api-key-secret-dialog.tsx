import { Copy, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../app/i18n/locale-format';

/** The whole key, shown once after it is made or rolled, with a copy button and the warning that it will not come back. */
export function ApiKeySecretDialog({
  secret,
  oldKeyUntil,
  onClose,
}: {
  secret: string | null;
  /** After a roll: when the replaced key stops working. */
  oldKeyUntil?: string | null;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const copy = () =>
    void navigator.clipboard.writeText(secret ?? '').then(
      () => toast.success(t('integrations.apiKeys.secret.copied')),
      () => toast.error(t('integrations.apiKeys.secret.copyFailed')),
    );
  return (
    <FormDialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('integrations.apiKeys.secret.title')}
      footer={<Button onClick={onClose}>{t('integrations.apiKeys.secret.done')}</Button>}
    >
      <div className="flex flex-col gap-3 text-sm">
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('integrations.apiKeys.secret.warning')}
        </p>
        <span className="font-medium" id="api-key-secret-label">
          {t('integrations.apiKeys.secret.label')}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <code
            dir="ltr"
            aria-labelledby="api-key-secret-label"
            data-testid="api-key-secret"
            className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs"
          >
            {secret}
          </code>
          <Button size="sm" variant="outline" onClick={copy}>
            <Copy className="size-3" aria-hidden />
            {t('integrations.apiKeys.secret.copy')}
          </Button>
        </div>
        {oldKeyUntil && (
          <p className="text-muted-foreground">
            {t('integrations.apiKeys.secret.oldUntil', {
              time: dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(oldKeyUntil)),
            })}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
