import { CircleDot, MessageSquare, MessageSquareReply, Send } from 'lucide-react';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { ApplicantView } from '../applications-public-api';
import { formatMoment } from '../apply-format';

type Event = ApplicantView['history'][number];

const ICON: Partial<Record<Event['kind'], typeof Send>> = {
  submitted: Send,
  updated: Send,
  message: MessageSquare,
  info_request: MessageSquare,
  info_response: MessageSquareReply,
};

/** What happened to the application, oldest first, with the team's messages as plain text. */
export function StatusHistory({ history }: { history: Event[] }) {
  const { t, language } = useI18n();
  const events = [...history].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const title = (e: Event) =>
    e.kind === 'status' && e.toStatus ? t('apply.event.status', { status: t(`apply.status.${e.toStatus}`) }) : t(`apply.event.${e.kind}`);
  return (
    <section aria-labelledby="status-history" className="flex flex-col gap-3">
      <h2 id="status-history" className="text-lg font-semibold">
        {t('apply.statusPage.history')}
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('apply.statusPage.noHistory')}</p>
      ) : (
        <ol className="flex flex-col gap-0 border-s ps-4">
          {events.map((e) => {
            const Icon = ICON[e.kind] ?? CircleDot;
            return (
              <li key={e.id} className="relative pb-4 last:pb-0">
                <span className="absolute -start-[1.6rem] top-0.5 flex size-5 items-center justify-center rounded-full border bg-background">
                  <Icon className="size-3" aria-hidden />
                </span>
                <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-medium">{title(e)}</span>
                  <span className="text-xs text-muted-foreground">
                    {t(`apply.actor.${e.actorType}`)} · <time dateTime={e.createdAt}>{formatMoment(e.createdAt, language)}</time>
                  </span>
                </div>
                {e.message && (
                  <p dir="auto" className="mt-1 whitespace-pre-wrap break-words rounded-md bg-muted/60 p-2 text-sm">
                    {e.message}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
