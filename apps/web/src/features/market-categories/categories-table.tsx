import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { column, DataTable, type ColumnDef, type TableQuery } from '../../components/data-table';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { Category } from './categories-api';

interface Props {
  query: TableQuery<Category>;
  /** Said when there are no categories. */
  empty: ReactNode;
  onEdit: (c: Category) => void;
  onToggleActive: (c: Category) => void;
  onDelete: (c: Category) => void;
}

/** Categories with colour, target, required documents, vendor count and state; actions per row. */
export function CategoriesTable({ query, empty, onEdit, onToggleActive, onDelete }: Props) {
  const { t, language } = useI18n();
  const nameOf = (c: Category) => (language === 'ar' ? c.nameAr : c.nameEn);
  const columns: ColumnDef<Category>[] = [
    column({
      id: 'name',
      header: t('categories.col.name'),
      card: 'title',
      cell: (c) => {
        const description = language === 'ar' ? c.descriptionAr : c.descriptionEn;
        return (
          <>
            <button type="button" className="text-start font-medium hover:underline" onClick={() => onEdit(c)}>
              {nameOf(c)}
            </button>
            {description && <p className="line-clamp-1 text-xs text-muted-foreground">{description}</p>}
          </>
        );
      },
    }),
    column({
      id: 'colour',
      header: t('categories.col.colour'),
      card: 'field',
      cell: (c) => (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="inline-block size-4 rounded border" style={{ backgroundColor: c.colour }} />
          <span dir="ltr" className="font-mono text-xs">
            {c.colour}
          </span>
        </span>
      ),
    }),
    column({ id: 'target', header: t('categories.col.target'), card: 'field', cellClassName: 'tabular-nums', cell: (c) => c.targetPerDay }),
    column({
      id: 'documents',
      header: t('categories.col.documents'),
      card: 'field',
      cell: (c) =>
        c.requiredDocumentTypes.length ? (
          <ul className="flex flex-wrap gap-1">
            {c.requiredDocumentTypes.map((d) => (
              <li key={d} className="rounded-full bg-muted px-2 py-0.5 text-xs">
                {t(`categories.doc.${d}`)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-muted-foreground">{t('categories.noDocuments')}</span>
        ),
    }),
    column({
      id: 'vendors',
      header: t('categories.col.vendors'),
      card: 'field',
      cellClassName: 'tabular-nums',
      cell: (c) => c.vendorCount,
    }),
    column({
      id: 'status',
      header: t('categories.col.status'),
      card: 'field',
      cell: (c) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${c.isActive ? 'bg-emerald-100 text-emerald-800' : 'bg-muted text-muted-foreground'}`}
        >
          {c.isActive ? t('categories.status.active') : t('categories.status.inactive')}
        </span>
      ),
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('categories.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (c) => (
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('categories.rowActions', { name: nameOf(c) })}>
              <MoreHorizontal className="size-4" aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuContent>
            <MenuItem onSelect={() => onEdit(c)}>{t('categories.edit')}</MenuItem>
            <MenuItem onSelect={() => onToggleActive(c)}>{c.isActive ? t('categories.deactivate') : t('categories.activate')}</MenuItem>
            <MenuItem className="text-destructive" onSelect={() => onDelete(c)}>
              {t('categories.delete')}
            </MenuItem>
          </MenuContent>
        </Menu>
      ),
    }),
  ];
  return <DataTable columns={columns} query={query} errorLabel={t('categories.loadFailed')} empty={empty} tableClassName="min-w-[44rem]" />;
}
