import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useCategories, useDeleteCategory, useSetCategoryActive, type Category, type StatusFilter } from './categories-api';
import { CategoriesTable } from './categories-table';
import { CategoryFormDialog } from './category-form-dialog';

/** Market categories: what kinds of stalls a market day is planned for, with their colours and targets. */
export default function MarketCategoriesPage() {
  const { t, language } = useI18n();
  const [status, setStatus] = useState<StatusFilter>('all');
  const list = useCategories(status);
  const setActive = useSetCategoryActive();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null });
  const [deleting, setDeleting] = useState<Category | null>(null);
  const nameOf = (c: Category) => (language === 'ar' ? c.nameAr : c.nameEn);

  const toggle = (c: Category) =>
    setActive.mutate(
      { id: c.id, active: !c.isActive },
      {
        onSuccess: () =>
          toast.success(
            c.isActive ? t('categories.toast.deactivated', { name: nameOf(c) }) : t('categories.toast.activated', { name: nameOf(c) }),
          ),
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('categories.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('categories.subtitle')}</p>
        </div>
        <Button onClick={() => setEditing({ open: true, category: null })}>
          <Plus className="size-4" aria-hidden />
          {t('categories.add')}
        </Button>
      </header>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor="category-status" className="font-medium">
          {t('categories.filterLabel')}
        </label>
        <select
          id="category-status"
          className="h-9 rounded-md border bg-background px-2"
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
        >
          <option value="all">{t('categories.filter.all')}</option>
          <option value="active">{t('categories.filter.active')}</option>
          <option value="inactive">{t('categories.filter.inactive')}</option>
        </select>
      </div>
      <CategoriesTable
        query={list}
        empty={
          <div className="flex flex-col items-center gap-3">
            <span>{status === 'all' ? t('categories.empty') : t('categories.emptyFiltered')}</span>
            {status === 'all' && (
              <Button size="sm" onClick={() => setEditing({ open: true, category: null })}>
                {t('categories.add')}
              </Button>
            )}
          </div>
        }
        onEdit={(c) => setEditing({ open: true, category: c })}
        onToggleActive={toggle}
        onDelete={(c) => {
          remove.reset();
          setDeleting(c);
        }}
      />
      <CategoryFormDialog open={editing.open} category={editing.category} onOpenChange={(open) => setEditing((e) => ({ ...e, open }))} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('categories.deleteTitle')}
        message={deleting ? t('categories.deleteConfirm', { name: nameOf(deleting) }) : ''}
        confirmLabel={t('categories.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, { conflict: `${t('categories.inUse')} ${remove.error.message}` }) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('categories.toast.deleted', { name: nameOf(deleting) }));
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}
