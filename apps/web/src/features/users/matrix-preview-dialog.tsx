import { useEffect } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatNumber } from '../../app/i18n/locale-format';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { errorMessage } from '../../lib/api-errors';
import { usePreviewMatrix, type MatrixChange } from './users-api';

/** What a save will change and whom it affects, asked of the server before anything is saved. */
export function MatrixPreviewDialog({
  changes,
  version,
  saving,
  onSave,
  onClose,
}: {
  changes: MatrixChange[];
  version: string;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const preview = usePreviewMatrix();
  const { mutate } = preview;
  useEffect(() => {
    mutate({ changes, expectedVersion: version });
  }, [mutate, changes, version]);
  const data = preview.data;
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('users.matrix.preview.title')}
      wide
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onSave} disabled={!data || saving || data.changes.length === 0}>
            {t('users.matrix.save')}
          </Button>
        </>
      }
    >
      {preview.isPending && <p role="status">{t('users.matrix.preview.loading')}</p>}
      {preview.error && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, preview.error)}
        </p>
      )}
      {data && (
        <div className="flex flex-col gap-4 text-sm" data-testid="matrix-preview">
          {data.changes.length === 0 ? (
            <p>{t('users.matrix.preview.nothing')}</p>
          ) : (
            <ul className="flex list-disc flex-col gap-1 ps-5">
              {data.changes.map((c) => (
                <li key={`${c.role}/${c.permission}`}>
                  {t(c.to ? 'users.matrix.preview.grant' : 'users.matrix.preview.revoke', {
                    permission: t(`permission.${c.permission}`),
                    role: t(`role.${c.role}`),
                  })}
                </li>
              ))}
            </ul>
          )}
          {data.affected.every((a) => a.count === 0) ? (
            <p className="text-muted-foreground">{t('users.matrix.preview.nobody')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {data.affected
                .filter((a) => a.count > 0)
                .map((a) => (
                  <li key={a.role}>
                    <span className="font-medium">
                      {t('users.matrix.preview.affects', { role: t(`role.${a.role}`), count: formatNumber(a.count, language) })}
                    </span>
                    <span className="block text-muted-foreground">{a.names.join(', ')}</span>
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </FormDialog>
  );
}
