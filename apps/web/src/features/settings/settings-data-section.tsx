import { SETTINGS_LIMITS } from '@market/contracts/plain';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatLocale } from '../../app/i18n/locale-format';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { downloadExport, useExports, useSaveData, useStartExport, type Settings } from './settings-api';
import { Field, fieldErrorOf, FormError, inputClass, numberOrNull } from './settings-field';

const formOf = (s: Settings) => ({
  auditRetentionDays: s.data.auditRetentionDays === null ? '' : String(s.data.auditRetentionDays),
  outboxRetentionDays: s.data.outboxRetentionDays === null ? '' : String(s.data.outboxRetentionDays),
});

export function SettingsDataSection({ settings }: { settings: Settings }) {
  const { t, language } = useI18n();
  const save = useSaveData();
  const exports = useExports();
  const start = useStartExport();
  const [form, setForm] = useState(() => formOf(settings));
  useEffect(() => setForm(formOf(settings)), [settings]);
  const err = (f: string) => fieldErrorOf(save.error, f);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { auditRetentionDays: numberOrNull(form.auditRetentionDays), outboxRetentionDays: numberOrNull(form.outboxRetentionDays) },
      { onSuccess: () => toast.success(t('settings.saved')) },
    );
  };
  const days = (k: keyof typeof form) => (p: object) => (
    <input
      {...p}
      type="number"
      min={SETTINGS_LIMITS.retentionDaysMin}
      dir="ltr"
      className={inputClass}
      value={form[k]}
      onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
    />
  );
  const when = (iso: string) => new Date(iso).toLocaleString(formatLocale(language));
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
        <h2 className="text-lg font-semibold md:col-span-2">{t('settings.data.retention')}</h2>
        <Field label={t('settings.data.auditRetention')} hint={t('settings.data.retentionHint')} error={err('auditRetentionDays')}>
          {days('auditRetentionDays')}
        </Field>
        <Field label={t('settings.data.outboxRetention')} hint={t('settings.data.retentionHint')} error={err('outboxRetentionDays')}>
          {days('outboxRetentionDays')}
        </Field>
        <div className="flex flex-col gap-2 md:col-span-2">
          <FormError error={save.error} fallback={t('settings.saveFailed')} />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
        </div>
      </form>
      <section className="flex flex-col gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('settings.data.export')}</h2>
          <p className="text-sm text-muted-foreground">{t('settings.data.exportHint')}</p>
        </div>
        <div>
          <Button
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: () => toast.success(t('settings.data.exportQueued')),
                onError: () => toast.error(t('settings.data.exportFailed')),
              })
            }
            disabled={start.isPending}
          >
            {t('settings.data.exportStart')}
          </Button>
        </div>
        <ListState
          loading={exports.isPending}
          error={exports.error}
          empty={exports.data?.items.length === 0}
          loadingLabel={t('settings.loading')}
          errorLabel={t('settings.data.exportsLoadFailed')}
          retryLabel={t('settings.retry')}
          onRetry={() => void exports.refetch()}
          emptyContent={t('settings.data.exportsEmpty')}
        />
        {!!exports.data?.items.length && (
          <ul className="divide-y rounded-md border">
            {exports.data.items.map((x) => (
              <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <div className="flex flex-col">
                  <span>{when(x.createdAt)}</span>
                  <span className="text-xs text-muted-foreground">
                    {t(`settings.data.status.${x.status}`)}
                    {x.status === 'running' &&
                      ` · ${t('settings.data.exportProgress', { done: x.progress.tablesDone, total: x.progress.tables, rows: x.progress.rows })}`}
                    {x.rows !== null && ` · ${t('settings.data.exportRows', { count: x.rows })}`}
                    {x.error && ` · ${x.error}`}
                  </span>
                </div>
                {x.status === 'done' && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void downloadExport(x.id).catch(() => toast.error(t('settings.data.exportFailed')))}
                  >
                    {t('settings.data.download')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
