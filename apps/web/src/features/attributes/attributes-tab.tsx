import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { AttributeFormDialog } from './attribute-form-dialog';
import { attributeErrorWords, useAttributes, useDeleteAttribute, type Attribute } from './attributes-api';
import { AttributesTable } from './attributes-table';
import { ListTabTop } from '../../components/ui/list-tab-top';

/** Product attributes: typed, with options for selects and rules products are checked against. */
export function AttributesTab() {
  const t = useT();
  const list = useAttributes();
  const remove = useDeleteAttribute();
  const [editing, setEditing] = useState<{ open: boolean; attribute: Attribute | null }>({ open: false, attribute: null });
  const [deleting, setDeleting] = useState<Attribute | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <ListTabTop
        intro={t('attributes.intro')}
        addLabel={t('attributes.add')}
        onAdd={() => setEditing({ open: true, attribute: null })}
        query={list}
        loadFailed={t('attributes.loadFailed')}
        empty={t('attributes.empty')}
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
        error={
          remove.error
            ? remove.error instanceof ApiError && remove.error.status === 409
              ? t('attributes.error.inFamily', { count: deleting?.familyCount ?? 0 })
              : errorMessage(t, remove.error, attributeErrorWords(t))
            : null
        }
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
