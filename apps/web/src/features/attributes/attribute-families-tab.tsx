import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';
import { errorMessage } from '../../lib/api-errors';
import { AttributeFamiliesTable } from './attribute-families-table';
import { attributeErrorWords, useAttributeFamilies, useDeleteFamily, type AttributeFamily } from './attributes-api';
import { FamilyFormDialog } from './family-form-dialog';
import { ListTabTop } from '../../components/ui/list-tab-top';

/** Attribute families: which attributes a kind of product has, in which order, and which it must fill. */
export function AttributeFamiliesTab() {
  const t = useT();
  const list = useAttributeFamilies();
  const remove = useDeleteFamily();
  const [editing, setEditing] = useState<{ open: boolean; family: AttributeFamily | null }>({ open: false, family: null });
  const [deleting, setDeleting] = useState<AttributeFamily | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <ListTabTop
        intro={t('attributes.families.intro')}
        addLabel={t('attributes.families.add')}
        onAdd={() => setEditing({ open: true, family: null })}
        query={list}
        loadFailed={t('attributes.families.loadFailed')}
        empty={t('attributes.families.empty')}
      />
      {!!list.data?.length && (
        <AttributeFamiliesTable
          families={list.data}
          onEdit={(f) => setEditing({ open: true, family: f })}
          onDelete={(f) => {
            remove.reset();
            setDeleting(f);
          }}
        />
      )}
      <FamilyFormDialog open={editing.open} family={editing.family} onOpenChange={(open) => setEditing((e) => ({ ...e, open }))} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('attributes.families.deleteTitle')}
        message={deleting ? t('attributes.families.deleteConfirm', { code: deleting.code }) : ''}
        confirmLabel={t('attributes.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, attributeErrorWords(t)) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('attributes.families.toast.deleted', { code: deleting.code }));
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
