import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { num } from '../import-format';
import { useImportAction, type ImportDetail } from '../product-import-api';

/** Asks before the run, saying what the dry run found it will do: products created and updated, rows left out, archiving. */
export function ImportRunDialog({ detail: d, onClose, onStarted }: { detail: ImportDetail; onClose: () => void; onStarted: () => void }) {
  const { t, language } = useI18n();
  const run = useImportAction(d.id, 'run');
  const c = d.dryRun;
  const start = () =>
    run.mutate(d.updatedAt, {
      onSuccess: () => {
        toast.success(t('productImport.run.started'));
        onClose();
        onStarted();
      },
    });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('productImport.run.confirmTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={start} disabled={run.isPending} data-testid="import-run-confirm">
            {run.isPending ? t('productImport.run.starting') : t('productImport.run.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-2 text-sm">
        {c && <p>{t('productImport.run.confirmCounts', { create: num(c.create, language), update: num(c.update, language) })}</p>}
        {c && c.error + c.skipped > 0 && <p>{t('productImport.run.confirmLeftOut', { count: num(c.error + c.skipped, language) })}</p>}
        {d.options.missing === 'archive' && <p className="font-medium">{t('productImport.run.confirmArchive')}</p>}
        <p className="text-muted-foreground">{t('productImport.run.confirmBatches')}</p>
        {run.error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-destructive">
            {errorMessage(t, run.error)}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
