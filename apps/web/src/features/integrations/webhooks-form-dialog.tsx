import { WEBHOOK_EVENT_GROUPS, type WebhookEventGroup, type WebhookEventType } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useSaveWebhookEndpoint, type WebhookEndpoint } from './use-webhooks';

const GROUPS = Object.keys(WEBHOOK_EVENT_GROUPS) as WebhookEventGroup[];

/** Add or edit an endpoint: its address, a description and the events it receives, chosen by group. */
export function WebhooksFormDialog({
  open,
  onOpenChange,
  endpoint,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint: WebhookEndpoint | null;
  onCreated: (endpoint: WebhookEndpoint, secret: string) => void;
}) {
  const { t } = useI18n();
  const save = useSaveWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    resetSave();
    setUrl(endpoint?.url ?? '');
    setDescription(endpoint?.description ?? '');
    setEvents(endpoint?.events ?? []);
    setLocal({});
  }, [open, endpoint, resetSave]);

  const err = (f: string) => local[f] ?? fieldError(save.error, f);
  const general = save.error && !hasFieldErrors(save.error) ? errorMessage(t, save.error) : null;
  const toggle = (ev: string) => setEvents((xs) => (xs.includes(ev) ? xs.filter((x) => x !== ev) : [...xs, ev]));
  const toggleGroup = (g: WebhookEventGroup, on: boolean) => {
    const of: readonly string[] = WEBHOOK_EVENT_GROUPS[g];
    setEvents((xs) => (on ? [...new Set([...xs, ...of])] : xs.filter((x) => !of.includes(x))));
  };

  const submit = () => {
    const errors: Record<string, string> = {};
    if (!url.trim()) errors.url = t('webhooks.form.urlRequired');
    if (events.length === 0) errors.events = t('webhooks.form.eventsRequired');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const body = { url: url.trim(), description: description.trim() || null, events: events as WebhookEventType[] };
    save.mutate(endpoint ? { id: endpoint.id, body, expectedUpdatedAt: endpoint.updatedAt } : { body }, {
      onSuccess: (saved) => {
        onOpenChange(false);
        if (!endpoint && saved.secret) onCreated(saved, saved.secret);
        else toast.success(t('webhooks.saved'));
      },
    });
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={t(endpoint ? 'webhooks.form.editTitle' : 'webhooks.form.createTitle')}
      wide
      pending={save.isPending}
      submitLabel={save.isPending ? t('webhooks.form.saving') : t(endpoint ? 'webhooks.form.save' : 'webhooks.form.create')}
      cancelLabel={t('webhooks.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-3"
      testId="webhook-form"
    >
      <TextField
        label={t('webhooks.form.url')}
        hint={t('webhooks.form.urlHint')}
        error={err('url')}
        value={url}
        onValueChange={setUrl}
        type="url"
        dir="ltr"
        placeholder="https://"
        maxLength={2000}
      />
      <TextField
        label={t('webhooks.form.description')}
        error={err('description')}
        value={description}
        onValueChange={setDescription}
        maxLength={500}
      />
      <fieldset className="flex flex-col gap-2 text-sm" aria-invalid={!!err('events')}>
        <legend className="mb-1 font-medium">{t('webhooks.form.events')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {GROUPS.map((g) => {
            const of: readonly string[] = WEBHOOK_EVENT_GROUPS[g];
            const all = of.every((e) => events.includes(e));
            const groupName = t(`webhooks.group.${g}`);
            return (
              <div key={g} className="rounded-md border p-2">
                <label className="flex items-center gap-2 font-medium">
                  <input
                    type="checkbox"
                    checked={all}
                    onChange={(e) => toggleGroup(g, e.target.checked)}
                    aria-label={t('webhooks.form.allOfGroup', { group: groupName })}
                  />
                  {groupName}
                </label>
                <div className="mt-1 flex flex-col gap-1 ps-6">
                  {of.map((ev) => (
                    <label key={ev} className="flex items-center gap-2">
                      <input type="checkbox" checked={events.includes(ev)} onChange={() => toggle(ev)} />
                      {t(`webhooks.event.${ev}`)}
                      <code className="text-xs text-muted-foreground" dir="ltr">
                        {ev}
                      </code>
                    </label>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
        {err('events') && <span className="text-xs text-destructive">{err('events')}</span>}
      </fieldset>
      {general && (
        <p role="alert" className="text-sm text-destructive">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
