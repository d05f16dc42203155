import type { ImportOutcome } from '@market/contracts/plain';
import { Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { isEditable } from '../import-format';
import { useImportAction, type ImportDetail } from '../product-import-api';
import { useImportAttributes } from '../use-import-attributes';
import { ImportCountTiles } from './import-count-tiles';
import { ImportErrorFileButton } from './import-error-file-button';
import { ImportProgressPanel } from './import-progress';
import { ImportRowsTable } from './import-rows-table';
import { ImportRunDialog } from './import-run-dialog';

/**
 * Step two: the dry run under way (progress, Cancel), or its result: totals, the rows with their diffs and errors,
 * the error file, and the run (only while the dry run's result still matches the mapping and options).
 */
export function ImportDryRunStep({ detail: d, onEdit, onStarted }: { detail: ImportDetail; onEdit: () => void; onStarted: () => void }) {
  const { t } = useI18n();
  const attributes = useImportAttributes();
  const cancel = useImportAction(d.id, 'cancel');
  const again = useImportAction(d.id, 'dryRun');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fail = (title: string) => (e: unknown) => toast.error(title, { description: errorMessage(t, e) });

  if (d.state === 'validating') {
    return (
      <ImportProgressPanel
        detail={d}
        cancelling={cancel.isPending}
        onCancel={() => cancel.mutate(d.updatedAt, { onError: fail(t('productImport.progress.cancelFailed')) })}
      />
    );
  }
  const ended = d.state === 'failed' || d.state === 'cancelled';
  const c = d.dryRun;
  return (
    <div className="flex flex-col gap-4">
      {d.state === 'failed' && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium text-destructive">{t('productImport.dryRun.failed')}</p>
          {d.error && <p className="mt-1">{d.error}</p>}
        </div>
      )}
      {d.state === 'cancelled' && (
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
          {t('productImport.dryRun.cancelled')}
        </p>
      )}
      {c && !ended && (
        <>
          <ImportCountTiles counts={c} phase="dry_run" picked={outcome} onPick={setOutcome} />
          {!d.canRun && (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {t('productImport.run.notCurrent')}
            </p>
          )}
        </>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" onClick={onEdit}>
          {t('productImport.dryRun.backToMapping')}
        </Button>
        {isEditable(d) && (ended || !d.canRun) && (
          <Button
            variant="outline"
            disabled={again.isPending}
            onClick={() => again.mutate(d.updatedAt, { onError: fail(t('productImport.dryRun.startFailed')) })}
          >
            <RotateCcw className="size-4" aria-hidden />
            {t('productImport.dryRun.again')}
          </Button>
        )}
        {c && c.error > 0 && !ended && <ImportErrorFileButton importId={d.id} phase="dry_run" />}
        {!ended && (
          <Button className="ms-auto" onClick={() => setConfirming(true)} disabled={!d.canRun} data-testid="import-run">
            <Play className="size-4" aria-hidden />
            {t('productImport.run.start')}
          </Button>
        )}
      </div>
      {c && !ended && (
        <ImportRowsTable importId={d.id} phase="dry_run" outcome={outcome} onOutcome={setOutcome} attributes={attributes.data ?? []} />
      )}
      {confirming && <ImportRunDialog detail={d} onClose={() => setConfirming(false)} onStarted={onStarted} />}
    </div>
  );
}
