import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';
import { errorMessage } from '../../lib/api-errors';
import {
  languageErrorWords,
  useAllLanguages,
  useAllTranslations,
  useDeleteLanguage,
  useReorderLanguages,
  useUpdateLanguage,
  type Language,
} from './languages-api';
import { buildRows, coverage } from './translation-matrix';
import { LanguageFormDialog } from './language-form-dialog';
import { LanguagesTable } from './languages-table';
import { ListTabTop } from '../../components/ui/list-tab-top';

/** The languages the product speaks: add, rename, order, switch on and off, choose the default, remove. */
export function LanguagesTab() {
  const t = useT();
  const list = useAllLanguages();
  const translations = useAllTranslations();
  const update = useUpdateLanguage();
  const reorder = useReorderLanguages();
  const remove = useDeleteLanguage();
  const [editing, setEditing] = useState<{ open: boolean; language: Language | null }>({ open: false, language: null });
  const [deleting, setDeleting] = useState<Language | null>(null);
  const languages = useMemo(() => list.data ?? [], [list.data]);
  const cover = useMemo(
    () => (translations.data ? coverage(buildRows(translations.data), languages) : null),
    [translations.data, languages],
  );
  const deletingCount = deleting && cover ? (cover.translated.get(deleting.code) ?? 0) : 0;
  const words = languageErrorWords(t);
  const failed = (e: unknown) => toast.error(errorMessage(t, e, words));

  const toggle = (l: Language) =>
    update.mutate(
      { id: l.id, body: { isActive: !l.isActive }, expectedUpdatedAt: l.updatedAt },
      {
        onSuccess: () =>
          toast.success(
            t(l.isActive ? 'masterData.languages.toast.deactivated' : 'masterData.languages.toast.activated', { name: l.name }),
          ),
        onError: failed,
      },
    );
  // A default language must be active, so making one the default also switches it on.
  const setDefault = (l: Language) =>
    update.mutate(
      { id: l.id, body: { isDefault: true, isActive: true }, expectedUpdatedAt: l.updatedAt },
      { onSuccess: () => toast.success(t('masterData.languages.toast.default', { name: l.name })), onError: failed },
    );
  const move = (index: number, step: -1 | 1) => {
    const order = [...languages];
    const [moved] = order.splice(index, 1);
    order.splice(index + step, 0, moved!);
    // Renumber 1..n so languages that shared a sort order get distinct places.
    const changes = order
      .map((l, i) => ({ id: l.id, sortOrder: i + 1, was: l.sortOrder, expectedUpdatedAt: l.updatedAt }))
      .filter((c) => c.sortOrder !== c.was);
    reorder.mutate(
      changes.map(({ id, sortOrder, expectedUpdatedAt }) => ({ id, sortOrder, expectedUpdatedAt })),
      { onError: failed },
    );
  };
  const nextSortOrder = languages.reduce((max, l) => Math.max(max, l.sortOrder), 0) + 1;

  return (
    <div className="flex flex-col gap-4">
      <ListTabTop
        intro={t('masterData.languages.intro')}
        addLabel={t('masterData.languages.add')}
        onAdd={() => setEditing({ open: true, language: null })}
        query={list}
        loadFailed={t('masterData.languages.loadFailed')}
        empty={t('masterData.languages.empty')}
      />
      {translations.error && (
        <p role="alert" className="text-sm text-destructive">
          {t('masterData.translations.loadFailed')}
        </p>
      )}
      {languages.length > 0 && (
        <LanguagesTable
          languages={languages}
          coverage={cover}
          busy={update.isPending || reorder.isPending}
          onMove={move}
          onToggleActive={toggle}
          onSetDefault={setDefault}
          onEdit={(l) => setEditing({ open: true, language: l })}
          onDelete={(l) => {
            remove.reset();
            setDeleting(l);
          }}
        />
      )}
      <LanguageFormDialog
        open={editing.open}
        language={editing.language}
        nextSortOrder={nextSortOrder}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t(deleting?.shipped ? 'masterData.languages.resetTitle' : 'masterData.languages.deleteTitle')}
        message={
          !deleting
            ? ''
            : deleting.shipped
              ? t('masterData.languages.resetConfirm', { name: deleting.name, code: deleting.code })
              : t('masterData.languages.deleteConfirm', { name: deleting.name, code: deleting.code, count: deletingCount })
        }
        confirmLabel={t(deleting?.shipped ? 'masterData.languages.reset' : 'masterData.languages.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, { ...words, conflict: t('masterData.error.deleteDefault') }) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(
                t(deleting.shipped ? 'masterData.languages.toast.reset' : 'masterData.languages.toast.deleted', { name: deleting.name }),
              );
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
