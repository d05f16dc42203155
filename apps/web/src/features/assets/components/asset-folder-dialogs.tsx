import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog, FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { useCreateFolder, useDeleteFolder, useMoveFolder } from '../assets-api';

export type FolderDialog =
  { kind: 'create'; parent: string } | { kind: 'move'; folder: string } | { kind: 'delete'; folder: string } | null;

/** Create, rename/move and delete a folder; on success the page moves to the resulting folder. */
export function AssetFolderDialogs({
  dialog,
  onClose,
  onDone,
}: {
  dialog: FolderDialog;
  onClose: () => void;
  onDone: (folder: string) => void;
}) {
  const t = useT();
  const create = useCreateFolder();
  const move = useMoveFolder();
  const remove = useDeleteFolder();
  const [path, setPath] = useState('');
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetCreate = create.reset;
  const resetMove = move.reset;
  const resetRemove = remove.reset;
  useEffect(() => {
    resetCreate();
    resetMove();
    resetRemove();
    if (dialog?.kind === 'create') setPath(dialog.parent ? `${dialog.parent}/` : '');
    if (dialog?.kind === 'move') setPath(dialog.folder);
  }, [dialog, resetCreate, resetMove, resetRemove]);
  const isForm = dialog?.kind === 'create' || dialog?.kind === 'move';
  const pending = create.isPending || move.isPending;
  // The form has one input: whatever the server refused is said under it, without field names.
  const words = { label: () => null };
  const failed = dialog?.kind === 'create' ? create.error : move.error;
  const error = failed ? errorMessage(t, failed, words) : undefined;

  const submit = () => {
    const target = path.trim().replace(/^\/+|\/+$/g, '');
    if (dialog?.kind === 'create') {
      create.mutate(target, {
        onSuccess: (f) => {
          toast.success(t('assets.folderCreated', { folder: f.path }));
          onDone(f.path);
        },
      });
    } else if (dialog?.kind === 'move') {
      move.mutate(
        { from: dialog.folder, to: target },
        {
          onSuccess: () => {
            toast.success(t('assets.folderMoved', { folder: target }));
            onDone(target);
          },
        },
      );
    }
  };

  return (
    <>
      <FormDialogForm
        open={isForm}
        onOpenChange={(o) => !o && onClose()}
        title={dialog?.kind === 'move' ? t('assets.renameFolderTitle', { folder: dialog.folder }) : t('assets.newFolderTitle')}
        pending={pending}
        submitLabel={dialog?.kind === 'move' ? t('assets.save') : t('assets.create')}
        cancelLabel={t('assets.cancel')}
        onSubmit={submit}
        formId="asset-folder-form"
        formClassName=""
      >
        <TextField
          label={dialog?.kind === 'move' ? t('assets.newPath') : t('assets.folderPath')}
          hint={t('assets.folderPathHint')}
          error={error}
          dir="ltr"
          value={path}
          onValueChange={setPath}
          autoFocus
          data-testid="asset-folder-path"
        />
      </FormDialogForm>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(o) => !o && onClose()}
        title={t('assets.deleteFolder')}
        message={dialog?.kind === 'delete' ? t('assets.deleteFolderConfirm', { folder: dialog.folder }) : ''}
        confirmLabel={t('assets.delete')}
        cancelLabel={t('assets.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, words) : null}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const parent = dialog.folder.includes('/') ? dialog.folder.slice(0, dialog.folder.lastIndexOf('/')) : '';
          remove.mutate(dialog.folder, {
            onSuccess: () => {
              toast.success(t('assets.folderDeleted', { folder: dialog.folder }));
              onDone(parent);
            },
          });
        }}
      />
    </>
  );
}
