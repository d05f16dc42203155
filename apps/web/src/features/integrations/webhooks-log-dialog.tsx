import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatNumber } from '../../app/i18n/locale-format';
import { errorMessage } from '../../lib/api-errors';
import { WebhooksDeliveryDetail } from './webhooks-delivery-detail';
import { useReplayWebhookDelivery, useWebhookDeliveries, type WebhookDelivery, type WebhookEndpoint } from './use-webhooks';

const STATUS_CLASS: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-muted text-muted-foreground',
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  failed: 'bg-destructive/10 text-destructive',
};

/** The endpoint's delivery log: each event with its status, last answer and attempts; details and replay. */
export function WebhooksLogDialog({ endpoint, onOpenChange }: { endpoint: WebhookEndpoint; onOpenChange: (open: boolean) => void }) {
  const { t, language } = useI18n();
  const q = useWebhookDeliveries(endpoint.id);
  const replay = useReplayWebhookDelivery();
  const [detail, setDetail] = useState<string | null>(null);
  const list = q.data ?? [];
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const eventName = (type: string) => t(`webhooks.event.${type}`);

  const doReplay = (d: WebhookDelivery) =>
    replay.mutate(
      { id: endpoint.id, deliveryId: d.id },
      { onSuccess: () => toast.success(t('webhooks.log.replayed')), onError: (e) => toast.error(errorMessage(t, e)) },
    );

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      wide
      title={t('webhooks.log.title', { url: endpoint.url })}
      footer={
        <>
          <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
            {t('webhooks.log.refresh')}
          </Button>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('webhooks.close')}
          </Button>
        </>
      }
    >
      {detail ? (
        <WebhooksDeliveryDetail
          endpointId={endpoint.id}
          deliveryId={detail}
          onBack={() => setDetail(null)}
          onReplay={doReplay}
          replaying={replay.isPending}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <ListState
            loading={q.isPending}
            error={q.error}
            empty={q.isSuccess && list.length === 0}
            loadingLabel={t('webhooks.log.loading')}
            errorLabel={t('webhooks.log.loadFailed')}
            retryLabel={t('common.tryAgain')}
            onRetry={() => void q.refetch()}
            emptyContent={t('webhooks.log.empty')}
          />
          {list.length > 0 && (
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-sm" data-testid="webhook-log">
                <thead className="bg-muted/50 text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="p-2 text-start">
                      {t('webhooks.log.event')}
                    </th>
                    <th scope="col" className="p-2 text-start">
                      {t('webhooks.log.status')}
                    </th>
                    <th scope="col" className="p-2 text-start">
                      {t('webhooks.log.response')}
                    </th>
                    <th scope="col" className="p-2 text-start">
                      {t('webhooks.log.attempts')}
                    </th>
                    <th scope="col" className="p-2 text-start">
                      {t('webhooks.log.when')}
                    </th>
                    <th scope="col" className="p-2">
                      <span className="sr-only">{t('webhooks.col.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((d) => (
                    <tr key={d.id} className="border-t" data-testid="webhook-delivery">
                      <th scope="row" className="p-2 text-start font-medium">
                        {eventName(d.eventType)}
                        <div className="text-xs font-normal text-muted-foreground" dir="ltr">
                          {d.messageId}
                        </div>
                      </th>
                      <td className="p-2">
                        <span className={`rounded px-1.5 text-xs ${STATUS_CLASS[d.status]}`}>{t(`webhooks.status.${d.status}`)}</span>
                        {d.status === 'pending' && d.nextAttemptAt && (
                          <div className="text-xs text-muted-foreground">
                            {t('webhooks.log.nextAttempt', { date: when.format(new Date(d.nextAttemptAt)) })}
                          </div>
                        )}
                      </td>
                      <td className="p-2 text-xs">
                        {d.lastResponseStatus === null ? t('webhooks.log.noResponse') : formatNumber(d.lastResponseStatus, 'en')}
                        {d.lastDurationMs !== null && (
                          <div className="text-muted-foreground">
                            {t('webhooks.log.duration', { ms: formatNumber(d.lastDurationMs, language) })}
                          </div>
                        )}
                      </td>
                      <td className="p-2">{formatNumber(d.attempts, language)}</td>
                      <td className="p-2 text-xs">{when.format(new Date(d.createdAt))}</td>
                      <td className="p-2">
                        <div className="flex gap-1">
                          <Button size="sm" variant="outline" onClick={() => setDetail(d.id)}>
                            {t('webhooks.log.details')}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={d.status === 'pending' || replay.isPending}
                            onClick={() => doReplay(d)}
                          >
                            {t('webhooks.log.replay')}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </FormDialog>
  );
}
