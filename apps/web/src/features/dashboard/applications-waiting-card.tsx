import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { STREAM_BASE } from '../applications';
import { useI18n } from '../../app/i18n/i18n-provider';

type Waiting = { stream: keyof typeof STREAM_BASE; waiting: number; infoRequested: number };

/** Applications staff must act on, per stream, each linking to its queue (every status, newest first). */
export function ApplicationsWaitingCard({ rows }: { rows: Waiting[] }) {
  const { t } = useI18n();
  const total = rows.reduce((n, r) => n + r.waiting, 0);
  return (
    <section className="rounded-lg border bg-card p-4" data-testid="applications-waiting">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Inbox className="size-4" aria-hidden />
        {t('review.dashboard.title')}
      </h2>
      <div className="text-3xl font-semibold tabular-nums">{total}</div>
      <ul className="mt-3 flex flex-col gap-1 text-sm">
        {rows.map((r) => (
          <li key={r.stream} className="flex justify-between gap-2">
            <Link to={`${STREAM_BASE[r.stream]}?tab=applications`} className="text-primary hover:underline">
              {t(`review.dashboard.${r.stream}`)}
            </Link>
            <span className="tabular-nums text-muted-foreground">
              {r.infoRequested > 0 ? t('review.dashboard.counts', { waiting: r.waiting, info: r.infoRequested }) : r.waiting}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
