import { MoreHorizontal } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { Category } from './categories-api';

interface Props {
  categories: Category[];
  onEdit: (c: Category) => void;
  onToggleActive: (c: Category) => void;
  onDelete: (c: Category) => void;
}

/** Categories with colour, target, required documents, vendor count and state; actions per row. */
export function CategoriesTable({ categories, onEdit, onToggleActive, onDelete }: Props) {
  const { t, language } = useI18n();
  const nameOf = (c: Category) => (language === 'ar' ? c.nameAr : c.nameEn);
  const th = 'px-3 py-2 text-start font-medium';
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full min-w-[44rem] text-sm">
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th className={th}>{t('categories.col.name')}</th>
            <th className={th}>{t('categories.col.colour')}</th>
            <th className={th}>{t('categories.col.target')}</th>
            <th className={th}>{t('categories.col.documents')}</th>
            <th className={th}>{t('categories.col.vendors')}</th>
            <th className={th}>{t('categories.col.status')}</th>
            <th className={th}>
              <span className="sr-only">{t('categories.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {categories.map((c) => (
            <tr key={c.id} className="border-t">
              <td className="px-3 py-2">
                <button type="button" className="text-start font-medium hover:underline" onClick={() => onEdit(c)}>
                  {nameOf(c)}
                </button>
                {(language === 'ar' ? c.descriptionAr : c.descriptionEn) && (
                  <p className="line-clamp-1 text-xs text-muted-foreground">{language === 'ar' ? c.descriptionAr : c.descriptionEn}</p>
                )}
              </td>
              <td className="px-3 py-2">
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden className="inline-block size-4 rounded border" style={{ backgroundColor: c.colour }} />
                  <span dir="ltr" className="font-mono text-xs">
                    {c.colour}
                  </span>
                </span>
              </td>
              <td className="px-3 py-2 tabular-nums">{c.targetPerDay}</td>
              <td className="px-3 py-2">
                {c.requiredDocumentTypes.length ? (
                  <ul className="flex flex-wrap gap-1">
                    {c.requiredDocumentTypes.map((d) => (
                      <li key={d} className="rounded-full bg-muted px-2 py-0.5 text-xs">
                        {t(`categories.doc.${d}`)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-muted-foreground">{t('categories.noDocuments')}</span>
                )}
              </td>
              <td className="px-3 py-2 tabular-nums">{c.vendorCount}</td>
              <td className="px-3 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${c.isActive ? 'bg-emerald-100 text-emerald-800' : 'bg-muted text-muted-foreground'}`}
                >
                  {c.isActive ? t('categories.status.active') : t('categories.status.inactive')}
                </span>
              </td>
              <td className="px-3 py-2 text-end">
                <Menu>
                  <MenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={t('categories.rowActions', { name: nameOf(c) })}>
                      <MoreHorizontal className="size-4" aria-hidden />
                    </Button>
                  </MenuTrigger>
                  <MenuContent>
                    <MenuItem onSelect={() => onEdit(c)}>{t('categories.edit')}</MenuItem>
                    <MenuItem onSelect={() => onToggleActive(c)}>
                      {c.isActive ? t('categories.deactivate') : t('categories.activate')}
                    </MenuItem>
                    <MenuItem className="text-destructive" onSelect={() => onDelete(c)}>
                      {t('categories.delete')}
                    </MenuItem>
                  </MenuContent>
                </Menu>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
