import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useT } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { catalogErrorWords, useDeleteCatalogRow, useSaveCatalogRow, type catalogKeys } from './catalog-api';
import { CatalogFormDialog, type FieldSpec, type FormResult, type FormValues } from './catalog-form-dialog';
import { CatalogTable, type Column } from './catalog-table';
import { ListTabTop } from '../../../components/ui/list-tab-top';

interface Props<R extends { id: string; code: string; updatedAt: string }> {
  resource: keyof typeof catalogKeys;
  /** Prefix of this list's translation keys, e.g. catalog.brands. */
  keys: string;
  query: UseQueryResult<R[]>;
  columns: Column<R>[];
  fields: FieldSpec[];
  initial: (row: R | null) => FormValues;
  toBody: (v: FormValues, row: R | null) => FormResult;
  /** What a 409 on delete means for this list. */
  deleteConflict?: string;
}

/** Intro, add button, loading/empty/error states, the table, the form and the delete confirmation of one list. */
export function CatalogListTab<R extends { id: string; code: string; updatedAt: string }>({
  resource,
  keys,
  query,
  columns,
  fields,
  initial,
  toBody,
  deleteConflict,
}: Props<R>) {
  const t = useT();
  const save = useSaveCatalogRow(resource);
  const remove = useDeleteCatalogRow(resource);
  const [editing, setEditing] = useState<{ open: boolean; row: R | null }>({ open: false, row: null });
  const [deleting, setDeleting] = useState<R | null>(null);
  const open = (row: R | null) => {
    save.reset();
    setEditing({ open: true, row });
  };

  return (
    <div className="flex flex-col gap-4">
      <ListTabTop
        intro={t(`${keys}.intro`)}
        addLabel={t(`${keys}.add`)}
        onAdd={() => open(null)}
        addTestId={`${resource}-add`}
        query={query}
        loadFailed={t('catalog.loadFailed')}
        empty={t(`${keys}.empty`)}
      />
      {!!query.data?.length && (
        <CatalogTable
          rows={query.data}
          columns={columns}
          onEdit={open}
          onDelete={(r) => (remove.reset(), setDeleting(r))}
          testId={resource}
        />
      )}
      <CatalogFormDialog
        open={editing.open}
        onOpenChange={(o) => setEditing((e) => ({ ...e, open: o }))}
        title={t(editing.row ? `${keys}.editTitle` : `${keys}.createTitle`)}
        fields={fields}
        initial={initial(editing.row)}
        toBody={(v) => toBody(v, editing.row)}
        pending={save.isPending}
        error={save.error}
        testId={`${resource}-form`}
        onSubmit={(body) =>
          save.mutate(
            { id: editing.row?.id, body, expectedUpdatedAt: editing.row?.updatedAt },
            {
              onSuccess: () => {
                toast.success(
                  t(editing.row ? 'catalog.toast.updated' : 'catalog.toast.created', {
                    code: String(body.code ?? editing.row?.code ?? ''),
                  }),
                );
                setEditing((e) => ({ ...e, open: false }));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t(`${keys}.deleteTitle`)}
        message={deleting ? t('catalog.deleteConfirm', { code: deleting.code }) : ''}
        confirmLabel={t('catalog.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, catalogErrorWords(t, deleteConflict)) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('catalog.toast.deleted', { code: deleting.code }));
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}

/** Form text → body helpers shared by the tabs. */
export const str = (v: FormValues, k: string) => String(v[k] ?? '').trim();
