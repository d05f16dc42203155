import { Copy, ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, fieldClass, FormDialog, FormField, TextField } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { formatBytes, useAsset, useDeleteAsset, useUpdateAsset, type AssetFolder } from '../assets-api';
import { AssetTagsField, AssetWhereUsed } from './asset-details-parts';

/** Preview, alt text en/ar, tags, name and folder, where-used, copy URL and delete of one asset. */
export function AssetDetailsDialog({ id, folders, onClose }: { id: string | null; folders: AssetFolder[]; onClose: () => void }) {
  const t = useT();
  const q = useAsset(id);
  const update = useUpdateAsset();
  const remove = useDeleteAsset();
  const a = q.data;
  const [form, setForm] = useState({ altEn: '', altAr: '', fileName: '', folder: '', tags: [] as string[] });
  // The version the form was filled from: the save names it, so a change made elsewhere meanwhile is refused.
  const [loadedAt, setLoadedAt] = useState('');
  const [tag, setTag] = useState('');
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (a) setForm({ altEn: a.altEn, altAr: a.altAr, fileName: a.fileName, folder: a.folder, tags: a.tags });
    if (a) setLoadedAt(a.updatedAt);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a refetch returns a new object for the same version: only another asset or version refills the form and drops what was typed
  }, [a?.id, a?.updatedAt]);
  // Only another asset clears the last save's error: a refused stale save reloads the asset and must still say why.
  // `reset` is bound to the mutation's observer and keeps one identity across renders.
  const resetUpdate = update.reset;
  useEffect(() => {
    resetUpdate();
  }, [a?.id, resetUpdate]);
  const copy = async () => {
    if (!a) return;
    const url = new URL(a.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('assets.copied'));
    } catch {
      toast.error(t('assets.copyFailed', { url }));
    }
  };
  const save = () =>
    id && update.mutate({ id, body: { ...form, expectedUpdatedAt: loadedAt } }, { onSuccess: () => toast.success(t('assets.saved')) });
  const general = update.error && !hasFieldErrors(update.error) ? errorMessage(t, update.error) : null;
  const err = (field: string) => fieldError(update.error, field);

  return (
    <>
      <FormDialog
        open={!!id}
        onOpenChange={(o) => !o && onClose()}
        title={a?.fileName ?? t('assets.details')}
        wide
        footer={
          <>
            <Button variant="destructive" className="me-auto" onClick={() => (remove.reset(), setConfirm(true))} disabled={!a}>
              {t('assets.delete')}
            </Button>
            <Button variant="outline" onClick={onClose}>
              {t('assets.close')}
            </Button>
            <Button type="submit" form="asset-details-form" disabled={!a || update.isPending}>
              {t('assets.save')}
            </Button>
          </>
        }
      >
        <ListState
          loading={q.isLoading}
          error={q.error}
          empty={false}
          loadingLabel={t('assets.loading')}
          errorLabel={t('assets.loadFailed')}
          retryLabel={t('assets.retry')}
          onRetry={() => q.refetch()}
          emptyContent={null}
        />
        {a && (
          <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
            <div className="flex flex-col gap-2">
              {a.mimeType.startsWith('image/') ? (
                <img src={a.url} alt={a.altEn || a.fileName} className="max-h-64 w-full rounded border bg-muted object-contain" />
              ) : (
                <a
                  href={a.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-2 text-sm text-primary hover:underline"
                >
                  <ExternalLink className="size-4" aria-hidden />
                  {a.mimeType === 'application/pdf' ? t('assets.openPdf') : t('assets.openFile')}
                </a>
              )}
              <p className="text-xs text-muted-foreground">{t('assets.info', { size: formatBytes(a.sizeBytes), type: a.mimeType })}</p>
              {a.width && a.height && (
                <p className="text-xs text-muted-foreground">
                  {t('assets.dimensions', { width: String(a.width), height: String(a.height) })}
                </p>
              )}
              <Button variant="outline" size="sm" onClick={copy}>
                <Copy className="size-4" aria-hidden />
                {t('assets.copyUrl')}
              </Button>
            </div>
            <form
              id="asset-details-form"
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
            >
              <TextField
                label={t('assets.fileName')}
                error={err('fileName')}
                dir="auto"
                value={form.fileName}
                onValueChange={(fileName) => setForm({ ...form, fileName })}
              />
              <FormField label={t('assets.folder')} error={err('folder')}>
                {(p) => (
                  <select
                    {...p}
                    className={fieldClass}
                    value={form.folder}
                    onChange={(e) => setForm({ ...form, folder: e.target.value })}
                    data-testid="asset-folder-select"
                  >
                    <option value="">{t('assets.root')}</option>
                    {folders.map((f) => (
                      <option key={f.path} value={f.path}>
                        {f.path}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <TextField
                label={t('assets.altEn')}
                hint={t('assets.altHint')}
                error={err('altEn')}
                dir="ltr"
                lang="en"
                value={form.altEn}
                onValueChange={(altEn) => setForm({ ...form, altEn })}
              />
              <TextField
                label={t('assets.altAr')}
                error={err('altAr')}
                dir="rtl"
                lang="ar"
                value={form.altAr}
                onValueChange={(altAr) => setForm({ ...form, altAr })}
                data-testid="asset-alt-ar"
              />
              <AssetTagsField
                tags={form.tags}
                onTags={(tags) => setForm((f) => ({ ...f, tags }))}
                draft={tag}
                onDraft={setTag}
                error={err('tags')}
              />
              {general && (
                <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
                  {general}
                </p>
              )}
              <AssetWhereUsed usedBy={a.usedBy} />
            </form>
          </div>
        )}
      </FormDialog>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('assets.deleteTitle')}
        message={a ? t('assets.deleteConfirm', { name: a.fileName }) : ''}
        confirmLabel={t('assets.delete')}
        cancelLabel={t('assets.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={() =>
          id &&
          remove.mutate(id, {
            onSuccess: () => {
              toast.success(t('assets.deleted', { name: a?.fileName ?? '' }));
              setConfirm(false);
              onClose();
            },
          })
        }
      />
    </>
  );
}
