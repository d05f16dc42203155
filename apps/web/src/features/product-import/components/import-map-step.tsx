import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Save } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ApiError } from '../../../lib/api';
import { errorMessage, hasFieldErrors } from '../../../lib/api-errors';
import { isEditable } from '../import-format';
import { importKeys, useImportAction, useUpdateImport, type ImportDetail } from '../product-import-api';
import { useImportAttributes } from '../use-import-attributes';
import { duplicateTargets, type ImportDraft } from '../use-import-draft';
import { ImportFilePanel } from './import-file-panel';
import { ImportMappingTable } from './import-mapping-table';
import { ImportOptionsPanel } from './import-options-panel';
import { ImportProfileBar } from './import-profile-bar';

/**
 * Step one: how the file is read, where each column goes, and the options. "Save" keeps the mapping; "Dry run" saves
 * what is unsaved first, then starts the dry run.
 */
export function ImportMapStep({ detail, draft, onStarted }: { detail: ImportDetail; draft: ImportDraft; onStarted: () => void }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const update = useUpdateImport(detail.id);
  const dryRun = useImportAction(detail.id, 'dryRun');
  const attributes = useImportAttributes();
  const editable = isEditable(detail);
  const pending = update.isPending || dryRun.isPending;
  const blocked = duplicateTargets(draft.mapping).size > 0 || (draft.options.matchBy === 'attribute' && !draft.options.matchAttribute);

  const failed = (title: string) => (e: unknown) => {
    // The import changed or moved on meanwhile: what is on screen is the server's again.
    if (e instanceof ApiError && e.status === 409) {
      draft.discard();
      void qc.invalidateQueries({ queryKey: importKeys.one(detail.id) });
    }
    toast.error(title, { description: errorMessage(t, e) });
  };
  const save = async () => {
    const saved = await update.mutateAsync({ expectedUpdatedAt: draft.base, mapping: draft.mapping, options: draft.options });
    draft.discard();
    return saved;
  };
  const onSave = () => save().then(() => toast.success(t('productImport.map.saved')), failed(t('productImport.map.saveFailed')));
  const onDryRun = async () => {
    try {
      const at = draft.dirty ? (await save()).updatedAt : detail.updatedAt;
      await dryRun.mutateAsync(at);
      onStarted();
    } catch (e) {
      failed(t('productImport.dryRun.startFailed'))(e);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {!editable && (
        <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm">
          {t('productImport.map.locked')}
        </p>
      )}
      <ImportFilePanel detail={detail} disabled={!editable || pending} onReread={draft.discard} />
      <section aria-labelledby="import-mapping-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="import-mapping-title" className="text-base font-semibold">
              {t('productImport.map.title')}
            </h2>
            <p className="max-w-2xl text-sm text-muted-foreground">{t('productImport.map.intro')}</p>
          </div>
          <ImportProfileBar detail={detail} draft={draft} disabled={!editable || pending} />
        </div>
        {attributes.isError && (
          <p role="note" className="text-xs text-muted-foreground">
            {t('productImport.map.noAttributes')}
          </p>
        )}
        <ImportMappingTable
          detail={detail}
          draft={draft}
          attributes={attributes.data ?? []}
          error={update.error}
          disabled={!editable || pending}
        />
      </section>
      <ImportOptionsPanel
        options={draft.options}
        onChange={draft.setOptions}
        attributes={attributes.data ?? []}
        error={update.error}
        disabled={!editable || pending}
      />
      {update.error && hasFieldErrors(update.error) && (
        <p role="alert" className="text-sm text-destructive">
          {t('productImport.map.fixFields')}
        </p>
      )}
      {editable && (
        <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t bg-background/95 py-3">
          {draft.dirty && <span className="me-auto text-sm text-muted-foreground">{t('productImport.map.unsaved')}</span>}
          {draft.dirty && (
            <Button variant="ghost" onClick={draft.discard} disabled={pending}>
              {t('productImport.map.discard')}
            </Button>
          )}
          <Button variant="outline" onClick={() => void onSave()} disabled={!draft.dirty || pending || blocked}>
            <Save className="size-4" aria-hidden />
            {update.isPending && !dryRun.isPending ? t('productImport.saving') : t('productImport.map.save')}
          </Button>
          <Button onClick={() => void onDryRun()} disabled={pending || blocked || !draft.mapping.length}>
            <FlaskConical className="size-4" aria-hidden />
            {dryRun.isPending ? t('productImport.dryRun.starting') : t('productImport.dryRun.start')}
          </Button>
        </div>
      )}
    </div>
  );
}
