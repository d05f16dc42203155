import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import {
  catalogErrorWords,
  localName,
  useCatalogCategories,
  useDeleteCatalogRow,
  useMoveCategory,
  useSaveCatalogRow,
  type CatalogCategory,
} from '../catalog/catalog-api';
import { errorMessage } from '../../../lib/api-errors';
import { CatalogFormDialog, nameFields } from '../catalog/catalog-form-dialog';
import { str } from '../catalog/catalog-list-tab';
import { dropMove, isInBranch, stepMove, visibleNodes, type Move } from '../catalog/category-tree';
import { CategoryTreeRow } from '../catalog/category-tree-row';
import { ListTabTop } from '../../../components/ui/list-tab-top';

type Editing = { open: boolean; row: CatalogCategory | null; parentId: string | null };

/** The catalogue's category tree: expand and collapse, add, edit, delete, and move by drag and drop or buttons. */
export function CategoryTreeTab() {
  const { t, language } = useI18n();
  const query = useCatalogCategories();
  const save = useSaveCatalogRow('categories');
  const remove = useDeleteCatalogRow('categories');
  const move = useMoveCategory();
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [dragged, setDragged] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ open: false, row: null, parentId: null });
  const [deleting, setDeleting] = useState<CatalogCategory | null>(null);
  const nodes = useMemo(() => visibleNodes(rows, expanded), [rows, expanded]);
  const toggle = (id: string, open?: boolean) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const open = (e: Editing) => (save.reset(), setEditing(e));
  const doMove = (m: Move | null) => {
    if (!m) return;
    // Show where the category went: its new parent opens.
    if (m.parentId) toggle(m.parentId, true);
    move.mutate(m, { onError: (e) => toast.error(errorMessage(t, e, catalogErrorWords(t))) });
  };
  const parentName = (id: string | null) => {
    const p = rows.find((r) => r.id === id);
    return p ? localName(language, p) : null;
  };

  return (
    <div className="flex flex-col gap-4">
      <ListTabTop
        intro={t('catalog.categories.intro')}
        addLabel={t('catalog.categories.add')}
        onAdd={() => open({ open: true, row: null, parentId: null })}
        addTestId="categories-add"
        query={query}
        loadFailed={t('catalog.loadFailed')}
        empty={t('catalog.categories.empty')}
      />
      {nodes.length > 0 && (
        <>
          <p className="text-xs text-muted-foreground">{t('catalog.categories.dragHint')}</p>
          <ul
            role="tree"
            aria-label={t('catalog.categories.treeLabel')}
            aria-busy={move.isPending}
            className="rounded-md border"
            data-testid="category-tree"
          >
            {nodes.map((node) => (
              <CategoryTreeRow
                key={node.row.id}
                node={node}
                expanded={expanded.has(node.row.id)}
                busy={move.isPending}
                onToggle={() => toggle(node.row.id)}
                onStep={(step) => doMove(stepMove(rows, node.row.id, step))}
                onAddChild={() => open({ open: true, row: null, parentId: node.row.id })}
                onEdit={() => open({ open: true, row: node.row, parentId: node.row.parentId })}
                onDelete={() => (remove.reset(), setDeleting(node.row))}
                onDragStart={() => setDragged(node.row.id)}
                onDragEnd={() => setDragged(null)}
                canDrop={!!dragged && !isInBranch(rows, node.row.id, dragged)}
                onDrop={(zone) => dragged && doMove(dropMove(rows, dragged, node.row.id, zone))}
              />
            ))}
          </ul>
        </>
      )}
      <CatalogFormDialog
        open={editing.open}
        onOpenChange={(o) => setEditing((e) => ({ ...e, open: o }))}
        title={
          editing.row
            ? t('catalog.categories.editTitle')
            : editing.parentId
              ? t('catalog.categories.createChildTitle', { parent: parentName(editing.parentId) ?? '' })
              : t('catalog.categories.createTitle')
        }
        testId="categories-form"
        fields={[
          ...nameFields(t),
          { name: 'descriptionEn', label: t('catalog.field.descriptionEn'), type: 'textarea', dir: 'ltr' },
          { name: 'descriptionAr', label: t('catalog.field.descriptionAr'), type: 'textarea', dir: 'rtl' },
        ]}
        initial={{
          code: editing.row?.code ?? '',
          nameEn: editing.row?.nameEn ?? '',
          nameAr: editing.row?.nameAr ?? '',
          descriptionEn: editing.row?.descriptionEn ?? '',
          descriptionAr: editing.row?.descriptionAr ?? '',
        }}
        toBody={(v) => {
          const body: Record<string, unknown> = {
            code: str(v, 'code'),
            nameEn: str(v, 'nameEn'),
            nameAr: str(v, 'nameAr'),
            descriptionEn: str(v, 'descriptionEn') || null,
            descriptionAr: str(v, 'descriptionAr') || null,
          };
          if (!editing.row) body.parentId = editing.parentId;
          return { body };
        }}
        pending={save.isPending}
        error={save.error}
        onSubmit={(body) =>
          save.mutate(
            { id: editing.row?.id, body, expectedUpdatedAt: editing.row?.updatedAt },
            {
              onSuccess: () => {
                if (editing.parentId) toggle(editing.parentId, true);
                toast.success(t(editing.row ? 'catalog.toast.updated' : 'catalog.toast.created', { code: String(body.code) }));
                setEditing((e) => ({ ...e, open: false }));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('catalog.categories.deleteTitle')}
        message={deleting ? t('catalog.deleteConfirm', { code: deleting.code }) : ''}
        confirmLabel={t('catalog.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, catalogErrorWords(t, t('catalog.categories.hasChildren'))) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => (toast.success(t('catalog.toast.deleted', { code: deleting.code })), setDeleting(null)),
          })
        }
      />
    </div>
  );
}
