import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDuration, num } from '../import-format';
import type { ImportDetail } from '../product-import-api';

/**
 * A dry run or run under way: rows read of the total (once known), speed, time left, what the rows did so far, and
 * Cancel. A run whose worker stopped reporting says it is stalled and resumes from its last committed batch.
 */
export function ImportProgressPanel({
  detail: d,
  onCancel,
  cancelling,
}: {
  detail: ImportDetail;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const { t, language } = useI18n();
  const p = d.progress;
  const total = p?.totalRows ?? null;
  const done = p?.processedRows ?? 0;
  const percent = total ? Math.min(100, Math.floor((100 * done) / total)) : null;
  const c = p?.counts;
  const stalled = d.stalled && d.state === 'running';
  const phase = p?.phase ?? (d.state === 'validating' ? 'dry_run' : 'run');
  return (
    <section
      aria-labelledby="import-progress-title"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      data-testid="import-progress"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="import-progress-title" className="text-base font-semibold">
          {d.state === 'queued' ? t('productImport.progress.queued') : t(`productImport.progress.title.${phase}`)}
        </h2>
        <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
          {cancelling ? t('productImport.progress.cancelling') : t('productImport.progress.cancel')}
        </Button>
      </div>
      {stalled && (
        <p role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('productImport.progress.stalled')}
        </p>
      )}
      <progress
        className="h-2 w-full"
        max={100}
        value={percent ?? undefined}
        aria-label={t('productImport.progress.bar')}
        aria-valuetext={
          total
            ? t('productImport.progress.rowsOf', { done: num(done, language), total: num(total, language) })
            : t('productImport.progress.rows', { done: num(done, language) })
        }
      />
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm tabular-nums">
        <span>
          {total
            ? t('productImport.progress.rowsOf', { done: num(done, language), total: num(total, language) })
            : t('productImport.progress.rows', { done: num(done, language) })}
        </span>
        {p?.rowsPerSecond != null && <span>{t('productImport.progress.speed', { rate: num(Math.round(p.rowsPerSecond), language) })}</span>}
        {p?.secondsLeft != null && !stalled && (
          <span>{t('productImport.progress.left', { time: formatDuration(p.secondsLeft, language, t) })}</span>
        )}
      </p>
      {c && (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground tabular-nums">
          <span>{t(`productImport.progress.create.${phase}`, { count: num(c.create, language) })}</span>
          <span>{t(`productImport.progress.update.${phase}`, { count: num(c.update, language) })}</span>
          <span>{t('productImport.progress.unchanged', { count: num(c.unchanged, language) })}</span>
          <span>{t('productImport.progress.failed', { count: num(c.error, language) })}</span>
        </p>
      )}
    </section>
  );
}
