import { useState } from 'react';
import { toast } from 'sonner';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../app/i18n/locale-format';
import { Button } from '../../components/ui/button';
import { FormDialog, fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { errorMessage } from '../../lib/api-errors';
import { guardStale } from '../../lib/stale-write';
import { UserAuditTrail } from './user-audit-trail';
import { useChangeRole, useUser, useUserAction, type UserAction, type UserDetail } from './users-api';
import { roleLabel } from './role-label';

/** One user: role, status, actions, effective permissions with their sources, and the audit trail. */
export function UserDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useI18n();
  const user = useUser(id);
  return (
    <FormDialog
      open={!!id}
      onOpenChange={(o) => !o && onClose()}
      title={user.data ? (user.data.fullName ?? user.data.email ?? t('users.details.title')) : t('users.details.title')}
      description={user.data?.email ?? undefined}
      wide
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <ListState
        loading={user.isPending && !!id}
        error={user.error}
        empty={false}
        loadingLabel={t('users.details.loading')}
        errorLabel={t('users.details.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void user.refetch()}
        emptyContent={null}
      />
      {user.data && <Details user={user.data} reload={() => void user.refetch()} />}
    </FormDialog>
  );
}

function Details({ user, reload }: { user: UserDetail; reload: () => void }) {
  const { t, language } = useI18n();
  const [role, setRole] = useState(user.role ?? '');
  const change = useChangeRole(user.id);
  const action = useUserAction(user.id);
  const when = (iso: string) => dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const run = (a: UserAction) => {
    if (a === 'deactivate' && !window.confirm(t('users.action.confirmDeactivate', { name: user.fullName ?? user.email ?? '' }))) return;
    action.mutate(a, { onSuccess: () => toast.success(t('users.action.done')) });
  };
  const actions: UserAction[] =
    user.status === 'deactivated'
      ? ['reactivate']
      : [...(user.status === 'invited' ? (['resend'] as const) : []), 'resetMfa', 'signOut', 'deactivate'];
  return (
    <div className="flex flex-col gap-5 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t('users.column.role')}</dt>
        <dd>{roleLabel(t, user.role)}</dd>
        <dt className="text-muted-foreground">{t('users.column.status')}</dt>
        <dd>{t(`users.status.${user.status}`)}</dd>
        <dt className="text-muted-foreground">{t('users.column.lastSignIn')}</dt>
        <dd>{user.lastSignInAt ? when(user.lastSignInAt) : t('users.details.neverSignedIn')}</dd>
        <dt className="text-muted-foreground">{t('users.column.mfa')}</dt>
        <dd>{t(user.mfa ? 'users.mfa.on' : 'users.mfa.off')}</dd>
      </dl>
      {user.manageable ? (
        <div className="flex flex-col gap-3">
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void guardStale(
                () => change.mutateAsync({ role: role as UserDetail['assignableRoles'][number], expectedUpdatedAt: user.updatedAt }),
                t('users.stale'),
                reload,
              ).then(
                () => toast.success(t('users.details.roleSaved')),
                (err: unknown) => toast.error(errorMessage(t, err)),
              );
            }}
          >
            <label className="flex flex-col gap-1 font-medium">
              {t('users.details.role')}
              <select className={fieldClass} value={role} onChange={(e) => setRole(e.target.value)}>
                {!user.assignableRoles.includes(role as never) && <option value={role}>{roleLabel(t, user.role)}</option>}
                {user.assignableRoles.map((r) => (
                  <option key={r} value={r}>
                    {t(`role.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <Button
              type="submit"
              disabled={change.isPending || role === (user.role ?? '') || !user.assignableRoles.includes(role as never)}
            >
              {t('users.details.saveRole')}
            </Button>
          </form>
          <div className="flex flex-wrap gap-2">
            {actions.map((a) => (
              <Button
                key={a}
                variant={a === 'deactivate' ? 'destructive' : 'outline'}
                size="sm"
                disabled={action.isPending}
                onClick={() => run(a)}
              >
                {t(`users.action.${a}`)}
              </Button>
            ))}
          </div>
          {action.error && (
            <p role="alert" className="text-destructive">
              {errorMessage(t, action.error)}
            </p>
          )}
        </div>
      ) : (
        <p className="rounded-md bg-muted p-3 text-muted-foreground">{t('users.details.notManageable')}</p>
      )}
      <section aria-labelledby="user-permissions" className="flex flex-col gap-2">
        <h3 id="user-permissions" className="font-semibold">
          {t('users.permissions.title')}
        </h3>
        {user.permissions.length === 0 ? (
          <p className="text-muted-foreground">{t('users.permissions.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {user.permissions.map((p) => (
              <li key={p.key} className="flex flex-wrap items-baseline gap-2">
                <span className="font-medium">{t(`permission.${p.key}`)}</span>
                {p.sources.map((s) => (
                  <span key={s.kind} className="rounded bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                    {t(s.kind === 'static' ? 'users.permissions.static' : 'users.permissions.matrix', { role: t(`role.${s.role}`) })}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <UserAuditTrail id={user.id} />
    </div>
  );
}
