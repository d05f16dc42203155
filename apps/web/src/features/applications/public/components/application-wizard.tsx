import type { ApplicationStream } from '@market/contracts';
import { CalendarX2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { useApplicationWizard } from '../use-application-wizard';
import { ApplyDone } from './apply-done';
import { ApplyForm } from './apply-form';
import { LanguageSwitch } from '../../../../app/i18n/language-switch';

/** A public application form of one stream: header, loading and empty states, the steps, the thank-you. */
export function ApplicationWizard({ stream }: { stream: ApplicationStream }) {
  const { t } = useI18n();
  const w = useApplicationWizard(stream);
  const { formQ, form } = w;

  useEffect(() => {
    document.title = t(`apply.title.${stream}`);
  }, [t, stream]);
  // The thank-you replaces a long form; start reading it from the top.
  useEffect(() => {
    if (w.doneEmail !== null) window.scrollTo({ top: 0 });
  }, [w.doneEmail]);

  return (
    <main className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {form && <p className="text-sm font-medium text-muted-foreground">{form.organization.name}</p>}
          <h1 className="text-2xl font-semibold">{t(`apply.title.${stream}`)}</h1>
          <p className="text-sm text-muted-foreground">{t(`apply.intro.${stream}`)}</p>
        </div>
        <LanguageSwitch />
      </header>

      {w.doneEmail !== null ? (
        <ApplyDone email={w.doneEmail} organization={form?.organization.name ?? ''} onAnother={w.anotherApplication} />
      ) : formQ.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <div className="h-2 w-full animate-pulse rounded bg-muted" />
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-10 animate-pulse rounded bg-muted" />
          ))}
          <span className="text-sm text-muted-foreground">{t('apply.loading')}</span>
        </div>
      ) : formQ.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <span className="font-medium">
            {formQ.error instanceof ApiError && formQ.error.status === 404 ? t('apply.error.noOrganization') : t('apply.loadFailed')}
          </span>
          <span className="text-xs text-muted-foreground">{formQ.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void formQ.refetch()}>
            {t('apply.retry')}
          </Button>
        </div>
      ) : form && form.marketDays.length === 0 ? (
        <section className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-6">
          <CalendarX2 className="size-8 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{t('apply.noDays.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {t(stream === 'workshop' ? 'apply.noDays.workshop' : 'apply.noDays.vendor', { organization: form.organization.name })}
          </p>
          <Link to="/map" className="text-sm text-primary underline-offset-4 hover:underline">
            {t('apply.noDays.map')}
          </Link>
        </section>
      ) : (
        form && <ApplyForm w={w} form={form} />
      )}
    </main>
  );
}
