import { EMAIL_STATUSES, emailRoutes, type EmailStatus } from '@market/contracts/plain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormField, fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { api } from '../../lib/api';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { useI18n } from '../../app/i18n/i18n-provider';
import { EmailOutboxDialog, emailOutboxKeys, formatEmailTime } from './email-outbox-dialog';

const PAGE_SIZE = '20';
const NO_FILTERS = { to: '', template: '', status: '' as EmailStatus | '' };
type Filters = typeof NO_FILTERS;

const STATUS_CLASS: Record<EmailStatus, string> = {
  pending: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  sending: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  sent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  kept: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
};

/**
 * The organization's outbox for super admins: without SMTP this is where applicants' confirmation
 * e-mails and invitations can be read. `refreshKey` changes when the page queues or tracks an e-mail.
 */
export function EmailOutboxSection({ refreshKey }: { refreshKey?: string | null }) {
  const { t, language } = useI18n();
  const qc = useQueryClient();
  const headingId = useId();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [openId, setOpenId] = useState<string | null>(null);

  const list = useInfiniteQuery({
    queryKey: emailOutboxKeys.list(filters),
    queryFn: ({ pageParam }) =>
      api(emailRoutes.listEmailOutbox, {
        query: {
          to: filters.to || undefined,
          template: filters.template || undefined,
          status: filters.status || undefined,
          before: pageParam,
          limit: PAGE_SIZE,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Messages still on their way change status on their own; follow them until they settle.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((i) => i.status === 'pending' || i.status === 'sending')) ? 3000 : false,
  });
  useEffect(() => {
    if (refreshKey) void qc.invalidateQueries({ queryKey: emailOutboxKeys.all });
  }, [refreshKey, qc]);

  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const templates = useMemo(() => [...new Set(items.map((i) => i.template))].sort(), [items]);
  const filtered = !!(filters.to || filters.template || filters.status);
  // A filter the server refuses is named under its field (the list's query fields are `query.<name>`); the list then shows nothing.
  const filterError = (f: 'to' | 'template') => fieldError(list.error, `query.${f}`);
  const filterRefused = hasFieldErrors(list.error, ['query.to', 'query.template']);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t pt-4" data-testid="email-outbox">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            {t('emailOutbox.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('emailOutbox.subtitle')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw aria-hidden className={cn('size-4', list.isFetching && 'animate-spin')} />
          {t('emailOutbox.refresh')}
        </Button>
      </div>

      <form
        role="search"
        aria-label={t('emailOutbox.filters')}
        noValidate
        className="grid gap-2 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ to: draft.to.trim(), template: draft.template.trim(), status: draft.status });
        }}
      >
        <FormField label={t('emailOutbox.filterTo')} error={filterError('to')}>
          {(p) => (
            <input
              {...p}
              type="search"
              dir="ltr"
              className={fieldClass}
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('emailOutbox.filterTemplate')} error={filterError('template')}>
          {(p) => (
            <>
              <input
                {...p}
                type="search"
                dir="ltr"
                list={`${headingId}-templates`}
                className={fieldClass}
                value={draft.template}
                onChange={(e) => setDraft({ ...draft, template: e.target.value })}
              />
              <datalist id={`${headingId}-templates`}>
                {templates.map((tp) => (
                  <option key={tp} value={tp} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField label={t('emailOutbox.status')}>
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.target.value as Filters['status'] })}
            >
              <option value="">{t('emailOutbox.anyStatus')}</option>
              {EMAIL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`emailStatus.${s}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex gap-2 sm:col-span-3">
          <Button type="submit" size="sm">
            {t('emailOutbox.apply')}
          </Button>
          {filtered && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            >
              {t('emailOutbox.clear')}
            </Button>
          )}
        </div>
      </form>

      <ListState
        loading={list.isPending}
        error={list.isError && !items.length && !filterRefused ? list.error : null}
        empty={!items.length && !filterRefused}
        loadingLabel={t('emailOutbox.loading')}
        errorLabel={t('emailOutbox.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={filtered ? t('emailOutbox.emptyFiltered') : t('emailOutbox.empty')}
      />
      {items.length > 0 && (
        <ul aria-label={t('emailOutbox.list')} className="flex flex-col divide-y rounded-md border">
          {items.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="flex w-full flex-col gap-1 p-3 text-start text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => setOpenId(m.id)}
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="min-w-0 break-words font-medium">{m.subject || t('emailOutbox.noSubject')}</span>
                  <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASS[m.status])}>
                    {t(`emailStatus.${m.status}`)}
                  </span>
                </span>
                <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                  <span dir="ltr" className="break-all">
                    {m.toAddress}
                  </span>
                  <code dir="ltr">{m.template}</code>
                  <time dateTime={m.createdAt}>{formatEmailTime(m.createdAt, language)}</time>
                </span>
                {m.lastError && <span className="text-xs text-destructive">{m.lastError}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.isError && items.length > 0 && (
        <p role="alert" className="text-sm text-destructive">
          {t('emailOutbox.loadFailed')} {errorMessage(t, list.error)}
        </p>
      )}
      {list.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t('emailOutbox.loadingMore') : t('emailOutbox.loadMore')}
        </Button>
      )}
      <EmailOutboxDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
