import { LAST_SIGN_IN_FILTERS, USER_ROLE_FILTERS, USER_STATUSES } from '@market/contracts/plain';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatNumber } from '../../app/i18n/locale-format';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { InviteDialog } from './invite-dialog';
import { roleLabel } from './role-label';
import { UserDetailsDialog } from './user-details-dialog';
import { useUsers, type UserListQuery, type UserSummary } from './users-api';

/** The users of the organization: search, filters, a page of rows; a row opens the user's details. */
export function UsersList() {
  const { t, language } = useI18n();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<UserListQuery>({});
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  // One request per pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useUsers({ ...filters, q, page: String(page) });
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const when = (iso: string | null) =>
    iso ? dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
  const setFilter = (key: keyof UserListQuery, value: string) => {
    setFilters((f) => ({ ...f, [key]: value || undefined }));
    setPage(1);
  };
  const select = (key: keyof UserListQuery, label: string, options: readonly string[], text: (o: string) => string) => (
    <label className="flex flex-col gap-1 text-xs font-medium">
      {label}
      <select className={fieldClass} value={filters[key] ?? ''} onChange={(e) => setFilter(key, e.target.value)}>
        <option value="">{t('users.filter.any')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-xs font-medium">
          {t('users.search')}
          <input type="search" className={fieldClass} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        {select('role', t('users.filter.role'), USER_ROLE_FILTERS, (r) => (r === 'none' ? t('users.filter.noRole') : t(`role.${r}`)))}
        {select('status', t('users.filter.status'), USER_STATUSES, (s) => t(`users.status.${s}`))}
        {select('lastSignIn', t('users.filter.lastSignIn'), LAST_SIGN_IN_FILTERS, (s) => t(`users.lastSignIn.${s}`))}
        {select('mfa', t('users.filter.mfa'), ['on', 'off'], (s) => t(`users.mfa.${s}`))}
        <Button onClick={() => setInviting(true)}>
          <UserPlus className="size-4" aria-hidden />
          {t('users.invite.open')}
        </Button>
      </div>
      <ListState
        loading={users.isPending}
        error={users.error}
        empty={users.isSuccess && data!.items.length === 0}
        loadingLabel={t('users.loading')}
        errorLabel={t('users.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void users.refetch()}
        emptyContent={t('users.empty')}
      />
      {data && data.items.length > 0 && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-start text-xs text-muted-foreground">
              <tr>
                {(['name', 'email', 'role', 'status', 'lastSignIn', 'mfa'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-start font-medium">
                    {t(`users.column.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((u: UserSummary) => (
                <tr key={u.id} className="border-t hover:bg-muted/40">
                  <td className="px-3 py-2">
                    <button type="button" className="text-start font-medium text-primary hover:underline" onClick={() => setOpenId(u.id)}>
                      {u.fullName ?? u.email}
                    </button>
                    {u.isSelf && <span className="ms-2 text-xs text-muted-foreground">({t('users.you')})</span>}
                  </td>
                  <td className="px-3 py-2">{u.email}</td>
                  <td className="px-3 py-2">{roleLabel(t, u.role)}</td>
                  <td className="px-3 py-2">{t(`users.status.${u.status}`)}</td>
                  <td className="px-3 py-2">{when(u.lastSignInAt)}</td>
                  <td className="px-3 py-2">{t(u.mfa ? 'users.mfa.on' : 'users.mfa.off')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && (
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            {t('users.page', {
              page: formatNumber(page, language),
              pages: formatNumber(pages, language),
              total: formatNumber(data.total, language),
            })}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('users.previous')}
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('users.next')}
            </Button>
          </div>
        </div>
      )}
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <UserDetailsDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
