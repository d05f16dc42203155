import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../app/i18n/locale-format';
import { ListState } from '../../components/ui/list-state';
import { useUserAudit } from './users-api';

/** What was done to this user, newest first, as the dashboard's activity sentences word each action. */
export function UserAuditTrail({ id }: { id: string }) {
  const { t, language } = useI18n();
  const audit = useUserAudit(id);
  const rows = audit.data ?? [];
  return (
    <section aria-labelledby="user-audit" className="flex flex-col gap-2">
      <h3 id="user-audit" className="font-semibold">
        {t('users.audit.title')}
      </h3>
      <ListState
        loading={audit.isPending}
        error={audit.error}
        empty={audit.isSuccess && rows.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('users.audit.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void audit.refetch()}
        emptyContent={t('users.audit.empty')}
      />
      {rows.length > 0 && (
        <ol className="flex flex-col gap-1">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-x-2 border-b py-1 last:border-b-0">
              <time className="text-xs text-muted-foreground" dateTime={r.createdAt}>
                {dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(r.createdAt))}
              </time>
              <span>
                {t(`dashboard.activity.verb.${r.action}`, {
                  actor: r.actorName ?? t('users.audit.system'),
                  object: t('dashboard.activity.entityUnnamed.auth.user'),
                  name: '',
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
