import { MailCheck } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../app/i18n/i18n-provider';

/** After the server took the application: where the private status link went. */
export function ApplyDone({ email, organization, onAnother }: { email: string; organization: string; onAnother: () => void }) {
  const { t } = useI18n();
  return (
    <section data-testid="apply-done" role="status" className="flex flex-col items-start gap-3 rounded-lg border bg-card p-6">
      <MailCheck className="size-10 text-primary" aria-hidden />
      <h2 className="text-xl font-semibold">{t('apply.done.title')}</h2>
      <p>{t('apply.done.emailed')}</p>
      <p className="rounded-md bg-muted px-3 py-2 font-medium" dir="ltr">
        {email}
      </p>
      <p className="text-sm text-muted-foreground">{t('apply.done.next', { organization })}</p>
      <p className="text-sm text-muted-foreground">{t('apply.done.spam')}</p>
      <Button variant="outline" onClick={onAnother}>
        {t('apply.done.another')}
      </Button>
    </section>
  );
}
