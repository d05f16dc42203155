import { useI18n } from '../../../app/i18n/i18n-provider';
import type { ApplicationDetail, ApplicationEvent } from '../applications-api';
import { formatInstant } from '../format';
import { Section } from './section';

/** Who did what and when, oldest first, with the messages exchanged (as text). */
export function ApplicationHistory({ app }: { app: ApplicationDetail }) {
  const { t, language } = useI18n();
  const who = (e: ApplicationEvent) =>
    e.actorType === 'staff'
      ? (e.actorName ?? t('review.history.staff'))
      : e.actorType === 'applicant'
        ? t('review.history.applicant')
        : t('review.history.system');
  const what = (e: ApplicationEvent) =>
    e.kind === 'status' && e.toStatus
      ? t('review.history.statusTo', { status: t(`review.status.${e.toStatus}`) })
      : t(`review.history.kind.${e.kind}`);
  const events = [...app.history].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Section title={t('review.section.history')}>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('review.history.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-0 text-sm" data-testid="application-history">
          {events.map((e, i) => (
            <li key={e.id} className="relative flex gap-3 pb-4 last:pb-0" data-kind={e.kind}>
              <span aria-hidden className="relative flex w-3 shrink-0 justify-center">
                <span className="mt-1.5 size-2.5 rounded-full bg-primary" />
                {i < events.length - 1 && <span className="absolute top-4 bottom-[-0.5rem] w-px bg-border" />}
              </span>
              <div className="min-w-0 flex-1">
                <p>
                  <span className="font-medium" dir="auto">
                    {who(e)}
                  </span>{' '}
                  · {what(e)}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatInstant(e.createdAt, language)} ·{' '}
                  {e.visibleToApplicant ? t('review.history.visible') : t('review.history.staffOnly')}
                </p>
                {e.message && (
                  <p className="mt-1 whitespace-pre-wrap break-words rounded-md bg-muted/60 p-2" dir="auto">
                    {e.message}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
