import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, ListState } from '../../../components/ui/market-structure-form';
import { useT } from '../../i18n/i18n-provider';
import { attrErrorWords } from '../attributes/attribute-errors';
import { AttributeFormDialog } from '../attributes/attribute-form-dialog';
import { useAttributes, useDeleteAttribute, type Attribute } from '../attributes/attributes-api';
import { AttributesTable } from '../attributes/attributes-table';

/** Product attributes: typed, with options for selects and rules products are checked against. */
export function AttributesTab() {
  const t = useT();
  const list = useAttributes();
  const remove = useDeleteAttribute();
  const [editing, setEditing] = useState<{ open: boolean; attribute: Attribute | null }>({ open: false, attribute: null });
  const [deleting, setDeleting] = useState<Attribute | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">{t('attributes.intro')}</p>
        <Button onClick={() => setEditing({ open: true, attribute: null })}>
          <Plus className="size-4" aria-hidden />
          {t('attributes.add')}
        </Button>
      </div>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={!!list.data && list.data.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('attributes.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={t('attributes.empty')}
      />
      {!!list.data?.length && (
        <AttributesTable
          attributes={list.data}
          onEdit={(a) => setEditing({ open: true, attribute: a })}
          onDelete={(a) => {
            remove.reset();
            setDeleting(a);
          }}
        />
      )}
      <AttributeFormDialog open={editing.open} attribute={editing.attribute} onOpenChange={(open) => setEditing((e) => ({ ...e, open }))} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('attributes.deleteTitle')}
        message={deleting ? t('attributes.deleteConfirm', { code: deleting.code }) : ''}
        confirmLabel={t('attributes.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? (remove.error as { status?: number }).status === 409 ? t('attributes.error.inFamily', { count: deleting?.familyCount ?? 0 }) : attrErrorWords(t, remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('attributes.toast.deleted', { code: deleting.code }));
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
