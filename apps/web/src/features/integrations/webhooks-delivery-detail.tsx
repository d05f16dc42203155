import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatNumber } from '../../app/i18n/locale-format';
import { useWebhookDelivery, type WebhookDelivery } from './use-webhooks';

/** One delivery: its payload and every attempt with the request headers, the answer, the body excerpt and the time taken. */
export function WebhooksDeliveryDetail({
  endpointId,
  deliveryId,
  onBack,
  onReplay,
  replaying,
}: {
  endpointId: string;
  deliveryId: string;
  onBack: () => void;
  onReplay: (d: WebhookDelivery) => void;
  replaying: boolean;
}) {
  const { t, language } = useI18n();
  const q = useWebhookDelivery(endpointId, deliveryId);
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const d = q.data;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="webhook-delivery-detail">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onBack}>
          {t('webhooks.log.back')}
        </Button>
        {d && (
          <Button size="sm" variant="outline" disabled={d.status === 'pending' || replaying} onClick={() => onReplay(d)}>
            {t('webhooks.log.replay')}
          </Button>
        )}
      </div>
      <ListState
        loading={q.isPending}
        error={q.error}
        empty={false}
        loadingLabel={t('webhooks.log.loading')}
        errorLabel={t('webhooks.log.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void q.refetch()}
        emptyContent={null}
      />
      {d && (
        <>
          <div>
            <span className="font-medium">{t(`webhooks.event.${d.eventType}`)}</span> · <span>{t(`webhooks.status.${d.status}`)}</span>
            <div className="text-xs text-muted-foreground" dir="ltr">
              {d.messageId}
            </div>
          </div>
          <details>
            <summary className="cursor-pointer font-medium">{t('webhooks.log.payload')}</summary>
            <pre className="mt-1 max-h-60 overflow-auto rounded-md bg-muted/40 p-2 text-xs" dir="ltr">
              {JSON.stringify(d.payload, null, 2)}
            </pre>
          </details>
          {d.attemptLog.length === 0 && <p className="text-muted-foreground">{t('webhooks.log.noAttempts')}</p>}
          <ol className="flex flex-col gap-2">
            {d.attemptLog.map((a) => (
              <li key={a.id} className="rounded-md border p-2" data-testid="webhook-attempt">
                <div className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">{t('webhooks.log.attemptTitle', { date: when.format(new Date(a.createdAt)) })}</span>
                  <span>
                    {a.responseStatus === null ? t('webhooks.log.noResponse') : formatNumber(a.responseStatus, 'en')} ·{' '}
                    {t('webhooks.log.duration', { ms: formatNumber(a.durationMs, language) })}
                  </span>
                </div>
                {a.error && (
                  <p className="text-destructive">
                    {t('webhooks.log.error')}: {a.error}
                  </p>
                )}
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs">{t('webhooks.log.requestHeaders')}</summary>
                  <pre className="overflow-auto rounded bg-muted/40 p-2 text-xs" dir="ltr">
                    {Object.entries(a.requestHeaders)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('\n')}
                  </pre>
                </details>
                {a.responseExcerpt && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs">{t('webhooks.log.responseBody')}</summary>
                    <pre className="overflow-auto whitespace-pre-wrap rounded bg-muted/40 p-2 text-xs" dir="ltr">
                      {a.responseExcerpt}
                    </pre>
                  </details>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
