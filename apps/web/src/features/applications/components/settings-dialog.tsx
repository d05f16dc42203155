import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useApplicationSettings, useSaveApplicationSettings } from '../applications-api';
import { EmailTemplatesEditor } from './email-templates-editor';

/** "Settings & e-mails": blind review, workshops per market day, and the applicant e-mails' wording. */
export function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useI18n();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t('review.settings.title')}
      description={t('review.settings.description')}
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </Button>
      }
    >
      {open && (
        <div className="flex flex-col gap-6">
          <ReviewSettings />
          <EmailTemplatesEditor />
        </div>
      )}
    </FormDialog>
  );
}

function ReviewSettings() {
  const { t } = useI18n();
  const id = useId();
  const settings = useApplicationSettings();
  const save = useSaveApplicationSettings();
  const [perDay, setPerDay] = useState('');
  useEffect(() => {
    if (settings.data) setPerDay(String(settings.data.workshopsPerMarketDay));
  }, [settings.data]);

  if (!settings.data) {
    return (
      <ListState
        loading={settings.isPending}
        error={settings.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('review.settings.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void settings.refetch()}
        emptyContent={null}
      />
    );
  }
  const blind = settings.data.blindReview;
  const savePerDay = () => {
    const n = Number(perDay);
    save.mutate(
      { workshopsPerMarketDay: perDay.trim() === '' || !Number.isFinite(n) ? Number.NaN : n },
      { onSuccess: () => toast.success(t('review.settings.saved')) },
    );
  };
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t('review.settings.review')}
      </h3>
      <div className="flex items-start gap-3">
        <Switch.Root
          id={`${id}-blind`}
          checked={blind}
          disabled={save.isPending}
          onCheckedChange={(v) => save.mutate({ blindReview: v }, { onSuccess: () => toast.success(t('review.settings.saved')) })}
          className="mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-muted-foreground/40 p-0.5 outline-none focus-visible:outline-2 focus-visible:outline-ring data-[state=checked]:bg-primary"
          data-testid="blind-review"
        >
          <Switch.Thumb className="block size-4 rounded-full bg-background shadow transition-[margin] data-[state=checked]:ms-4" />
        </Switch.Root>
        <label htmlFor={`${id}-blind`} className="text-sm">
          <span className="font-medium">{t('review.settings.blind')}</span>
          <span className="block text-muted-foreground">{t('review.settings.blindHint')}</span>
        </label>
      </div>
      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          savePerDay();
        }}
      >
        <FormField
          label={t('review.settings.perDay')}
          hint={t('review.settings.perDayHint')}
          error={fieldError(save.error, 'workshopsPerMarketDay')}
          className="w-56"
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={0}
              max={50}
              step={1}
              inputMode="numeric"
              className={fieldClass}
              value={perDay}
              onChange={(e) => setPerDay(e.target.value)}
            />
          )}
        </FormField>
        <Button
          type="submit"
          variant="outline"
          className="mt-6"
          disabled={save.isPending || perDay === String(settings.data.workshopsPerMarketDay)}
        >
          {t('review.save')}
        </Button>
      </form>
      {save.error && !fieldError(save.error, 'workshopsPerMarketDay') && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, save.error)}
        </p>
      )}
    </section>
  );
}
