import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../app/i18n/locale-format';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { ApiKeyCreateDialog } from './api-key-create-dialog';
import { ApiKeyRollDialog } from './api-key-roll-dialog';
import { ApiKeySecretDialog } from './api-key-secret-dialog';
import { useApiKeys, useRevokeApiKey, type ApiKey } from './use-api-keys';

const STATUS_CLASS: Record<ApiKey['status'], string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
  rolling: 'bg-amber-100 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
  expired: 'bg-muted text-muted-foreground',
  revoked: 'bg-muted text-muted-foreground',
};

/** The API keys of the organization: list, new key, roll with an overlap, revoke; a new key's secret shown once. */
export function ApiKeysSection() {
  const { t, language } = useI18n();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [shown, setShown] = useState<{ secret: string; oldKeyUntil: string | null } | null>(null);
  const when = (iso: string) => dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const list = keys.data ?? [];
  const live = (k: ApiKey) => k.status === 'active' || k.status === 'rolling';

  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        toast.success(t('integrations.apiKeys.revoke.done'));
      },
    });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">{t('integrations.apiKeys.intro')}</p>
        <Button onClick={() => setCreating(true)} data-testid="api-key-new">
          <Plus className="size-4" aria-hidden />
          {t('integrations.apiKeys.new')}
        </Button>
      </div>
      <ListState
        loading={keys.isPending}
        error={keys.error}
        empty={keys.isSuccess && list.length === 0}
        loadingLabel={t('integrations.apiKeys.loading')}
        errorLabel={t('integrations.apiKeys.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void keys.refetch()}
        emptyContent={
          <span className="flex flex-col items-center gap-2">
            <KeyRound className="size-6" aria-hidden />
            {t('integrations.apiKeys.empty')}
          </span>
        }
      />
      {list.length > 0 && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('integrations.apiKeys.table')}</caption>
            <thead className="bg-muted/50 text-start text-xs text-muted-foreground">
              <tr>
                {(['name', 'prefix', 'scopes', 'expires', 'lastUsed', 'status', 'actions'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-start font-medium">
                    {t(`integrations.apiKeys.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((k) => (
                <tr key={k.id} className="border-t align-top" data-testid="api-key-row">
                  <td className="px-3 py-2 font-medium">{k.name}</td>
                  <td className="px-3 py-2">
                    <code dir="ltr" className="text-xs">
                      {k.prefix}_…
                    </code>
                  </td>
                  <td className="px-3 py-2">
                    <ul className="flex flex-wrap gap-1">
                      {k.scopes.map((s) => (
                        <li key={s.permission} className="rounded bg-muted px-1.5 py-0.5 text-xs">
                          {t('integrations.apiKeys.scope', {
                            permission: t(`permission.${s.permission}`),
                            access: t(`integrations.apiKeys.access.${s.access}`),
                          })}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{k.expiresAt ? when(k.expiresAt) : t('integrations.apiKeys.never')}</td>
                  <td className="px-3 py-2">
                    {k.lastUsedAt
                      ? t('integrations.apiKeys.usedFrom', { time: when(k.lastUsedAt), address: k.lastUsedIp ?? '' })
                      : t('integrations.apiKeys.neverUsed')}
                  </td>
                  <td className="px-3 py-2">
                    <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', STATUS_CLASS[k.status])} data-testid="api-key-status">
                      {t(`integrations.apiKeys.status.${k.status}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    {live(k) && (
                      <div className="flex flex-wrap gap-2">
                        {k.status === 'active' && (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setRolling(k)}
                            aria-label={t('integrations.apiKeys.action.rollNamed', { name: k.name })}
                          >
                            {t('integrations.apiKeys.action.roll')}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            revoke.reset();
                            setRevoking(k);
                          }}
                          aria-label={t('integrations.apiKeys.action.revokeNamed', { name: k.name })}
                        >
                          {t('integrations.apiKeys.action.revoke')}
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ApiKeyCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(secret) => {
          setCreating(false);
          setShown({ secret, oldKeyUntil: null });
        }}
      />
      <ApiKeyRollDialog
        apiKey={rolling}
        onClose={() => setRolling(null)}
        onRolled={(secret, oldKeyUntil) => {
          setRolling(null);
          setShown({ secret, oldKeyUntil });
        }}
      />
      <ApiKeySecretDialog secret={shown?.secret ?? null} oldKeyUntil={shown?.oldKeyUntil} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('integrations.apiKeys.revoke.title', { name: revoking?.name ?? '' })}
        message={t('integrations.apiKeys.revoke.body')}
        confirmLabel={t('integrations.apiKeys.revoke.confirm')}
        cancelLabel={t('common.cancel')}
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(t, revoke.error) : null}
        onConfirm={() => void confirmRevoke()}
      />
    </div>
  );
}
