import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatNumber } from '../../app/i18n/locale-format';
import { errorMessage } from '../../lib/api-errors';
import { WebhooksFormDialog } from './webhooks-form-dialog';
import { WebhooksLogDialog } from './webhooks-log-dialog';
import { WebhooksSecretDialog } from './webhooks-secret-dialog';
import {
  useDeleteWebhookEndpoint,
  useSaveWebhookEndpoint,
  useSendWebhookTest,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from './use-webhooks';

/** Outgoing webhooks: the endpoints with their health, and everything done to one from its row. */
export function WebhooksSection() {
  const { t, language } = useI18n();
  const q = useWebhookEndpoints();
  const list = q.data ?? [];
  const [form, setForm] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpoint; fresh?: string } | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const save = useSaveWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendWebhookTest();
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  const toggle = (e: WebhookEndpoint) =>
    save.mutate(
      { id: e.id, body: { enabled: !e.enabled }, expectedUpdatedAt: e.updatedAt },
      {
        onSuccess: () => toast.success(t(e.enabled ? 'webhooks.toggled.disabled' : 'webhooks.toggled.enabled')),
        onError: (err) => toast.error(errorMessage(t, err)),
      },
    );
  const sendTest = (e: WebhookEndpoint) =>
    test.mutate(e.id, {
      onSuccess: () => {
        toast.success(t('webhooks.testSent'));
        setLog(e);
      },
      onError: (err) => toast.error(errorMessage(t, err)),
    });

  const health = (e: WebhookEndpoint) => {
    const h = e.health;
    const lines: string[] = [];
    if (h.successRate === null) lines.push(t('webhooks.health.none'));
    else
      lines.push(
        t('webhooks.health.rate', { rate: formatNumber(h.successRate, language), count: formatNumber(h.recentDeliveries, language) }),
      );
    if (h.failingSince) lines.push(t('webhooks.health.failingSince', { date: when.format(new Date(h.failingSince)) }));
    if (h.lastSuccessAt) lines.push(t('webhooks.health.lastSuccess', { date: when.format(new Date(h.lastSuccessAt)) }));
    if (h.pending) lines.push(t('webhooks.health.pending', { count: formatNumber(h.pending, language) }));
    return lines;
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby="webhooks-title" data-testid="webhooks-section">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="webhooks-title" className="text-lg font-semibold">
            {t('webhooks.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('webhooks.subtitle')}</p>
        </div>
        <Button onClick={() => setForm({ endpoint: null })}>
          <Plus className="size-4" aria-hidden />
          {t('webhooks.new')}
        </Button>
      </div>
      <ListState
        loading={q.isPending}
        error={q.error}
        empty={q.isSuccess && list.length === 0}
        loadingLabel={t('webhooks.loading')}
        errorLabel={t('webhooks.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void q.refetch()}
        emptyContent={t('webhooks.empty')}
      />
      {list.length > 0 && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="p-2 text-start">
                  {t('webhooks.col.url')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('webhooks.col.events')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('webhooks.col.health')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('webhooks.col.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} className="border-t align-top" data-testid="webhook-row">
                  <th scope="row" className="max-w-xs p-2 text-start font-medium">
                    <div className="break-all" dir="ltr">
                      {e.url}
                    </div>
                    {e.description && <div className="text-xs font-normal text-muted-foreground">{e.description}</div>}
                    <span
                      className={
                        e.enabled
                          ? 'mt-1 inline-block rounded bg-emerald-100 px-1.5 text-xs text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100'
                          : 'mt-1 inline-block rounded bg-muted px-1.5 text-xs text-muted-foreground'
                      }
                    >
                      {t(e.enabled ? 'webhooks.state.enabled' : 'webhooks.state.disabled')}
                    </span>
                    {e.disabledReason && <div className="text-xs font-normal text-destructive">{e.disabledReason}</div>}
                  </th>
                  <td className="p-2" title={e.events.map((ev) => t(`webhooks.event.${ev}`)).join(', ')}>
                    {t('webhooks.eventsCount', { count: formatNumber(e.events.length, language) })}
                  </td>
                  <td className="p-2 text-xs">
                    {health(e).map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </td>
                  <td className="p-2">
                    <div className="flex flex-wrap gap-1">
                      <Button size="sm" variant="outline" onClick={() => setLog(e)}>
                        {t('webhooks.action.log')}
                      </Button>
                      <Button size="sm" variant="outline" disabled={test.isPending} onClick={() => sendTest(e)}>
                        {t('webhooks.action.test')}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setSecret({ endpoint: e })}>
                        {t('webhooks.action.secret')}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setForm({ endpoint: e })}>
                        {t('webhooks.action.edit')}
                      </Button>
                      <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => toggle(e)}>
                        {t(e.enabled ? 'webhooks.action.disable' : 'webhooks.action.enable')}
                      </Button>
                      <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setDeleting(e)}>
                        {t('webhooks.action.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <WebhooksFormDialog
        open={form !== null}
        endpoint={form?.endpoint ?? null}
        onOpenChange={(o) => !o && setForm(null)}
        onCreated={(endpoint, fresh) => setSecret({ endpoint, fresh })}
      />
      {secret && <WebhooksSecretDialog endpoint={secret.endpoint} fresh={secret.fresh} onOpenChange={(o) => !o && setSecret(null)} />}
      {log && (
        <WebhooksLogDialog
          endpoint={log}
          onOpenChange={(o) => {
            if (o) return;
            setLog(null);
            // The deliveries seen in the log move the endpoint's health.
            void q.refetch();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('webhooks.delete.title')}
        message={t('webhooks.delete.message', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.action.delete')}
        cancelLabel={t('webhooks.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('webhooks.deleted'));
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}
