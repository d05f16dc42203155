import { Bookmark, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, fieldClass, FormDialog, FormField, SubmitFooter } from '../../../components/ui/form-dialog';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../../components/ui/menu';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { ProductListColumn } from '@market/contracts/plain';
import type { ListFilters } from '../product-constants';
import { useDeleteView, useSavedViews, useSaveView, type SavedView, type SavedViewConfig } from '../products-api';

export function configOf(filters: ListFilters, columns: ProductListColumn[]): SavedViewConfig {
  const { q, status, sort, ...rest } = filters;
  const f: SavedViewConfig['filters'] = {};
  if (q) f.q = q;
  if (status.length) f.status = status;
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (f as Record<string, unknown>)[k] = v;
  return { filters: f, sort, columns };
}

/** Saved views of the list: apply, save the current state under a name, rename, delete. */
export function SavedViewsMenu({ current, onApply }: { current: SavedViewConfig; onApply: (view: SavedView) => void }) {
  const { t } = useI18n();
  const views = useSavedViews();
  const save = useSaveView();
  const remove = useDeleteView();
  const [naming, setNaming] = useState<{ view: SavedView | null } | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);

  const openNaming = (view: SavedView | null) => {
    setNaming({ view });
    setName(view?.name ?? '');
    setError(null);
  };
  const submit = () => {
    if (!naming) return;
    if (!name.trim()) return setError(t('products.views.nameRequired'));
    save.mutate(naming.view ? { id: naming.view.id, name } : { name, config: current }, {
      onSuccess: (v) => {
        toast.success(t(naming.view ? 'products.views.renamed' : 'products.views.saved', { name: v.name }));
        setNaming(null);
      },
      onError: (e) => setError(e instanceof ApiError && e.status === 409 ? t('products.views.nameTaken') : t('products.views.saveFailed')),
    });
  };

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="outline" size="sm">
            <Bookmark className="size-3.5" aria-hidden />
            {t('products.views.title')}
          </Button>
        </MenuTrigger>
        <MenuContent align="start" className="min-w-64">
          <MenuLabel>{t('products.views.title')}</MenuLabel>
          {views.isPending && <div className="px-2 py-1 text-sm text-muted-foreground">{t('products.loading')}</div>}
          {views.error && <div className="px-2 py-1 text-sm text-destructive">{t('products.views.loadFailed')}</div>}
          {views.data?.length === 0 && <div className="px-2 py-1 text-sm text-muted-foreground">{t('products.views.none')}</div>}
          {views.data?.map((v) => (
            <div key={v.id} className="flex items-center gap-1">
              <MenuItem className="flex-1" onSelect={() => onApply(v)}>
                <span className="truncate">{v.name}</span>
              </MenuItem>
              <MenuItem aria-label={t('products.views.renameNamed', { name: v.name })} onSelect={() => openNaming(v)}>
                <Pencil className="size-3.5" aria-hidden />
              </MenuItem>
              <MenuItem aria-label={t('products.views.deleteNamed', { name: v.name })} onSelect={() => setDeleting(v)}>
                <Trash2 className="size-3.5" aria-hidden />
              </MenuItem>
            </div>
          ))}
          <MenuSeparator />
          <MenuItem onSelect={() => openNaming(null)}>{t('products.views.saveCurrent')}</MenuItem>
        </MenuContent>
      </Menu>
      <FormDialog
        open={!!naming}
        onOpenChange={(o) => !o && setNaming(null)}
        title={naming?.view ? t('products.views.renameTitle') : t('products.views.saveTitle')}
        footer={
          <SubmitFooter
            formId="product-view-form"
            pending={save.isPending}
            cancelLabel={t('products.cancel')}
            onCancel={() => setNaming(null)}
          >
            {t('products.save')}
          </SubmitFooter>
        }
      >
        <form
          id="product-view-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField label={t('products.views.name')} error={error ?? undefined}>
            {(p) => <input {...p} className={fieldClass} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoFocus />}
          </FormField>
        </form>
      </FormDialog>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('products.views.deleteTitle')}
        message={t('products.views.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('products.delete')}
        cancelLabel={t('products.cancel')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('products.views.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: () => toast.error(t('products.views.deleteFailed')),
          })
        }
      />
    </>
  );
}
