import type { ImportOutcome } from '@market/contracts/plain';
import { ExternalLink, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { num } from '../import-format';
import { useImportAction, useRetryFailedRows, type ImportDetail } from '../product-import-api';
import { useImportAttributes } from '../use-import-attributes';
import { ImportCountTiles } from './import-count-tiles';
import { ImportErrorFileButton } from './import-error-file-button';
import { ImportProgressPanel } from './import-progress';
import { ImportRowsTable } from './import-rows-table';

const ENDED_LOOK = {
  completed: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  failed: 'border-destructive/40 bg-destructive/5 text-destructive',
  cancelled: 'border-border bg-muted/40',
} as const;

/**
 * Step three: the run under way (live progress, Cancel), or how it ended: its counts, the rows, the error file, a new
 * import of the failed rows, and the way to the products.
 */
export function ImportRunStep({ detail: d, onOpen }: { detail: ImportDetail; onOpen: (id: string) => void }) {
  const { t, language } = useI18n();
  const attributes = useImportAttributes();
  const cancel = useImportAction(d.id, 'cancel');
  const retry = useRetryFailedRows(d.id);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  if (d.state === 'queued' || d.state === 'running') {
    return (
      <ImportProgressPanel
        detail={d}
        cancelling={cancel.isPending}
        onCancel={() =>
          cancel.mutate(d.updatedAt, {
            onError: (e) => toast.error(t('productImport.progress.cancelFailed'), { description: errorMessage(t, e) }),
          })
        }
      />
    );
  }
  const ended = d.state === 'completed' || d.state === 'failed' || d.state === 'cancelled' ? d.state : null;
  const c = d.run;
  const retryFailed = () =>
    retry.mutate(undefined, {
      onSuccess: (created) => {
        toast.success(t('productImport.run.retryCreated'));
        onOpen(created.id);
      },
      onError: (e) => toast.error(t('productImport.run.retryFailed'), { description: errorMessage(t, e) }),
    });

  return (
    <div className="flex flex-col gap-4">
      {ended && (
        <div role="status" className={`rounded-md border p-3 text-sm ${ENDED_LOOK[ended]}`}>
          <p className="font-medium">{t(`productImport.run.ended.${ended}`)}</p>
          {ended === 'failed' && d.error && <p className="mt-1">{d.error}</p>}
          {d.archived > 0 && <p className="mt-1">{t('productImport.run.archived', { count: num(d.archived, language) })}</p>}
        </div>
      )}
      {c && <ImportCountTiles counts={c} phase="run" picked={outcome} onPick={setOutcome} />}
      <div className="flex flex-wrap items-center gap-2">
        {c && c.error > 0 && <ImportErrorFileButton importId={d.id} phase="run" />}
        {c && c.error > 0 && (
          <Button variant="outline" onClick={retryFailed} disabled={retry.isPending}>
            <RotateCcw className="size-4" aria-hidden />
            {retry.isPending ? t('productImport.run.retrying') : t('productImport.run.retry')}
          </Button>
        )}
        <Link to="/products" className={buttonVariants({ variant: 'link', className: 'ms-auto' })}>
          <ExternalLink className="size-4" aria-hidden />
          {t('productImport.run.toProducts')}
        </Link>
      </div>
      {c && <ImportRowsTable importId={d.id} phase="run" outcome={outcome} onOutcome={setOutcome} attributes={attributes.data ?? []} />}
    </div>
  );
}
