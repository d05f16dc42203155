import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { attrErrorWords } from './attribute-errors';
import { useAttributeFamilies, useDeleteFamily, type AttributeFamily } from './attributes-api';
import { FamilyFormDialog } from './family-form-dialog';
import { ListTabTop } from '../../components/ui/list-tab-top';

/** Attribute families: which attributes a kind of product has, in which order, and which it must fill. */
export function AttributeFamiliesTab() {
  const { t, language } = useI18n();
  const list = useAttributeFamilies();
  const remove = useDeleteFamily();
  const [editing, setEditing] = useState<{ open: boolean; family: AttributeFamily | null }>({ open: false, family: null });
  const [deleting, setDeleting] = useState<AttributeFamily | null>(null);
  const th = 'px-3 py-2 text-start font-medium';
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
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="bg-muted/60 text-muted-foreground">
              <tr>
                <th className={th}>{t('attributes.field.code')}</th>
                <th className={th}>{t('attributes.field.name')}</th>
                <th className={th}>{t('attributes.families.members')}</th>
                <th className={th}>
                  <span className="sr-only">{t('attributes.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((f) => (
                <tr key={f.id} className="border-t align-top" data-testid={`family-row-${f.code}`}>
                  <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                    {f.code}
                  </td>
                  <td className="px-3 py-2">{language === 'ar' ? f.nameAr : f.nameEn}</td>
                  <td className="px-3 py-2">
                    {f.attributes.length === 0 && <span className="text-muted-foreground">{t('attributes.families.none')}</span>}
                    <ul className="flex flex-wrap gap-1">
                      {f.attributes.map((a) => (
                        <li
                          key={a.attributeId}
                          className={`rounded border px-1.5 py-0.5 text-xs ${a.required ? 'border-primary font-medium' : ''}`}
                        >
                          {language === 'ar' ? a.nameAr : a.nameEn}
                          {a.required && (
                            <span className="ms-0.5 text-primary" title={t('attributes.families.required')}>
                              *
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-3 py-2 text-end whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('attributes.editLabel', { code: f.code })}
                      onClick={() => setEditing({ open: true, family: f })}
                    >
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('attributes.deleteLabel', { code: f.code })}
                      onClick={() => {
                        remove.reset();
                        setDeleting(f);
                      }}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        error={remove.error ? attrErrorWords(t, remove.error) : null}
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
