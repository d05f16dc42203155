import { ArrowLeft, ArrowRight, Check, Clock, ExternalLink, CircleHelp, Mail, CirclePlay, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { STREAM_BASE, useApplicationAction, type ApplicationDetail } from '../applications-api';
import { formatDay, formatInstant } from '../format';
import { ActionDialog, type DialogAction } from './action-dialog';
import { ApplicationStatusBadge } from './application-badges';

const ICONS: Record<DialogAction | 'start_review', ReactNode> = {
  start_review: <CirclePlay className="size-4" aria-hidden />,
  request_info: <CircleHelp className="size-4" aria-hidden />,
  approve: <Check className="size-4" aria-hidden />,
  waitlist: <Clock className="size-4" aria-hidden />,
  reject: <X className="size-4" aria-hidden />,
  message: <Mail className="size-4" aria-hidden />,
};

/** The queue this application came from: the exact one (with its filters) when known, else the stream's queue. */
function useBackLink(app: ApplicationDetail): string {
  const from = (useLocation().state as { from?: string } | null)?.from;
  const base = STREAM_BASE[app.stream];
  if (from && from.startsWith(base)) return from;
  return app.stream === 'workshop' ? base : `${base}?tab=applications`;
}

/** Name, status, dates, the way back, the outcome of a decision, and the actions the status allows. */
export function ApplicationHeader({ app }: { app: ApplicationDetail }) {
  const { t, language, direction } = useI18n();
  const back = useBackLink(app);
  const run = useApplicationAction(app.id);
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const Back = direction === 'rtl' ? ArrowRight : ArrowLeft;
  const startReview = () =>
    run.mutate(
      { action: 'start_review' },
      {
        onSuccess: () => toast.success(t('review.done.start_review', { name: app.applicantName })),
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );
  const buttons: (DialogAction | 'start_review')[] = [...app.allowedActions, ...(app.status === 'withdrawn' ? [] : (['message'] as const))];

  return (
    <header className="flex flex-col gap-3">
      <Link to={back} className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline" data-testid="back-to-queue">
        <Back className="size-4" aria-hidden />
        {t('review.page.back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-semibold" dir="auto">
              {app.applicantName}
            </h1>
            <ApplicationStatusBadge status={app.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {t(`review.stream.${app.stream}`)} · {t('review.page.submitted', { date: formatInstant(app.submittedAt, language) })}
            {app.decidedAt && ` · ${t('review.page.decided', { date: formatInstant(app.decidedAt, language) })}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {buttons.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === 'approve' ? 'default' : a === 'reject' ? 'destructive' : 'outline'}
              disabled={a === 'start_review' && run.isPending}
              onClick={() => (a === 'start_review' ? startReview() : setDialog(a))}
              data-testid={`action-${a}`}
            >
              {ICONS[a]}
              {t(`review.action.${a}`)}
            </Button>
          ))}
        </div>
      </div>
      {app.decisionReason && (
        <p className="rounded-md border bg-muted/40 p-3 text-sm">
          <span className="font-medium">{t('review.page.decisionReason')}</span>{' '}
          <span className="whitespace-pre-wrap" dir="auto">
            {app.decisionReason}
          </span>
        </p>
      )}
      <Outcome app={app} />
      <ActionDialog app={app} action={dialog} onClose={() => setDialog(null)} />
    </header>
  );
}

/** After approval: where the new vendor or workshop lives. */
function Outcome({ app }: { app: ApplicationDetail }) {
  const { t, language } = useI18n();
  const link = buttonVariants({ variant: 'outline', size: 'sm' });
  if (app.vendorId && app.stream !== 'workshop') {
    return (
      <div
        className="flex flex-wrap items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-900/20"
        data-testid="application-outcome"
      >
        <span>{t('review.outcome.vendor')}</span>
        <Link to={`${STREAM_BASE[app.stream]}?vendor=${app.vendorId}`} className={link} data-testid="open-vendor">
          <ExternalLink className="size-4" aria-hidden />
          {t('review.outcome.openVendor')}
        </Link>
      </div>
    );
  }
  const w = app.workshop;
  if (!w) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-900/20"
      data-testid="application-outcome"
    >
      <span>
        {w.status === 'cancelled'
          ? t('review.outcome.workshopCancelled')
          : w.marketDayDate
            ? t('review.outcome.workshopOn', { date: formatDay(w.marketDayDate, language), location: w.locationName ?? '—' })
            : t('review.outcome.workshopUnplaced')}
      </span>
      <Link to="/workshop-applications?tab=workshops" className={link}>
        <ExternalLink className="size-4" aria-hidden />
        {t('review.outcome.openWorkshops')}
      </Link>
    </div>
  );
}
