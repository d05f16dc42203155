import { BookmarkPlus, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, fieldClass } from '../../../components/ui/form-dialog';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import {
  useDeleteProfile,
  useImportProfiles,
  useUpdateImport,
  useUpdateProfile,
  type ImportColumn,
  type ImportDetail,
  type ImportProfile,
} from '../product-import-api';
import type { ImportDraft } from '../use-import-draft';
import { ImportSaveProfileDialog } from './import-save-profile-dialog';

/**
 * A profile's mapping over this file's columns: the profile's entry for each column it names; the others keep theirs,
 * unless the profile already sends another column to the same target.
 */
export function applyProfile(current: readonly ImportColumn[], profile: ImportProfile): ImportColumn[] {
  const taken = new Set(profile.mapping.map((m) => m.target).filter((x) => x !== 'ignore'));
  return current.map((c) => {
    const own = profile.mapping.find((m) => m.column === c.column);
    if (own) return own;
    return taken.has(c.target) ? { column: c.column, target: 'ignore' } : c;
  });
}

/** Apply a saved profile, save the mapping as a new one, or update or delete the import's own profile. */
export function ImportProfileBar({ detail, draft, disabled }: { detail: ImportDetail; draft: ImportDraft; disabled: boolean }) {
  const { t } = useI18n();
  const profiles = useImportProfiles();
  const update = useUpdateImport(detail.id);
  const saveProfile = useUpdateProfile();
  const deleteProfile = useDeleteProfile();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const list = profiles.data ?? [];
  const own = list.find((p) => p.id === detail.profileId) ?? null;
  const fail = (title: string) => (e: unknown) => toast.error(title, { description: errorMessage(t, e) });

  const apply = (id: string) => {
    const profile = list.find((p) => p.id === id);
    if (!profile) return;
    update.mutate(
      { expectedUpdatedAt: detail.updatedAt, profileId: id, mapping: applyProfile(draft.mapping, profile), options: profile.options },
      {
        onSuccess: () => (draft.discard(), toast.success(t('productImport.profile.applied', { name: profile.name }))),
        onError: fail(t('productImport.profile.applyFailed')),
      },
    );
  };
  const overwrite = (profile: ImportProfile) =>
    saveProfile.mutate(
      { profile, mapping: draft.mapping, options: draft.options },
      {
        onSuccess: () => toast.success(t('productImport.profile.updated', { name: profile.name })),
        onError: fail(t('productImport.profile.updateFailed')),
      },
    );

  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-56 flex-col gap-1 text-sm">
        <span className="font-medium">{t('productImport.profile.apply')}</span>
        <select
          className={fieldClass}
          value={detail.profileId ?? ''}
          disabled={disabled || update.isPending || !list.length}
          onChange={(e) => apply(e.target.value)}
        >
          <option value="" disabled>
            {list.length ? t('productImport.profile.pick') : t('productImport.profile.none')}
          </option>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <Button variant="outline" onClick={() => setSaving(true)}>
        <BookmarkPlus className="size-4" aria-hidden />
        {t('productImport.profile.saveAs')}
      </Button>
      {own && (
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('productImport.profile.actions', { name: own.name })}>
              <MoreHorizontal className="size-4" aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuContent>
            <MenuItem onSelect={() => overwrite(own)}>{t('productImport.profile.overwrite', { name: own.name })}</MenuItem>
            <MenuItem onSelect={() => setDeleting(true)}>{t('productImport.profile.delete', { name: own.name })}</MenuItem>
          </MenuContent>
        </Menu>
      )}
      {saving && <ImportSaveProfileDialog mapping={draft.mapping} options={draft.options} onClose={() => setSaving(false)} />}
      {own && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={t('productImport.profile.deleteTitle', { name: own.name })}
          message={t('productImport.profile.deleteMessage')}
          confirmLabel={t('productImport.profile.deleteConfirm')}
          cancelLabel={t('common.cancel')}
          pending={deleteProfile.isPending}
          error={deleteProfile.error ? errorMessage(t, deleteProfile.error) : null}
          onConfirm={() =>
            deleteProfile.mutate(own.id, {
              onSuccess: () => (setDeleting(false), toast.success(t('productImport.profile.deleted', { name: own.name }))),
            })
          }
        />
      )}
    </div>
  );
}
