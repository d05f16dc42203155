import { API_KEY_OVERLAP_CHOICES } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { FormDialogForm } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { errorMessage } from '../../lib/api-errors';
import { useRollApiKey, type ApiKey } from './use-api-keys';

const OVERLAP_WORDS: Record<(typeof API_KEY_OVERLAP_CHOICES)[number], string> = {
  0: 'integrations.apiKeys.roll.overlapNone',
  1: 'integrations.apiKeys.roll.overlapHour',
  24: 'integrations.apiKeys.roll.overlapDay',
  72: 'integrations.apiKeys.roll.overlapThreeDays',
  168: 'integrations.apiKeys.roll.overlapWeek',
};

/** Roll a key: the overlap during which the old key keeps working; the new key goes to the secret dialog. */
export function ApiKeyRollDialog({
  apiKey,
  onClose,
  onRolled,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: (secret: string, oldKeyUntil: string | null) => void;
}) {
  const { t } = useI18n();
  const roll = useRollApiKey();
  const [overlap, setOverlap] = useState<number>(24);
  const reset = roll.reset;
  useEffect(() => {
    if (apiKey) {
      setOverlap(24);
      reset();
    }
  }, [apiKey, reset]);
  const submit = () => {
    if (!apiKey) return;
    roll.mutate(
      { id: apiKey.id, overlapHours: overlap },
      { onSuccess: (r) => onRolled(r.secret, r.previous.status === 'rolling' ? r.previous.expiresAt : null) },
    );
  };
  return (
    <FormDialogForm
      open={apiKey !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('integrations.apiKeys.roll.title', { name: apiKey?.name ?? '' })}
      description={t('integrations.apiKeys.roll.body')}
      pending={roll.isPending}
      submitLabel={roll.isPending ? t('integrations.apiKeys.roll.saving') : t('integrations.apiKeys.roll.submit')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-3"
      testId="api-key-roll-form"
    >
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 font-medium">{t('integrations.apiKeys.roll.overlap')}</legend>
        {API_KEY_OVERLAP_CHOICES.map((h) => (
          <label key={h} className="flex items-center gap-2">
            <input type="radio" name="overlap" value={h} checked={overlap === h} onChange={() => setOverlap(h)} />
            {t(OVERLAP_WORDS[h])}
          </label>
        ))}
      </fieldset>
      {roll.error && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, roll.error)}
        </p>
      )}
    </FormDialogForm>
  );
}
