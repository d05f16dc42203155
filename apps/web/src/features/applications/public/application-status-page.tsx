import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { orgOfPage, publicApplicationKeys, useApplicationStatus, type ApplicantView } from './applications-public-api';
import { StatusEdit } from './components/status-edit';
import { LanguageSwitch } from '../../../app/i18n/language-switch';
import { StatusHistory } from './components/status-history';
import { StatusOverview } from './components/status-overview';
import { StatusRespondForm } from './components/status-respond-form';
import { StatusWithdraw } from './components/status-withdraw';

// The secret is in the fragment, which browsers never send to a server or put in a Referer.
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const tokenOfHash = () => {
  const raw = window.location.hash.replace(/^#/, '').trim();
  return TOKEN.test(raw) ? raw : '';
};

/** The applicant's private page: status, history, answering a request, withdrawing. */
export default function ApplicationStatusPage() {
  const { t } = useI18n();
  // The e-mailed link names the applicant's language (issue 14, item 8).
  const [token, setToken] = useState(tokenOfHash);
  const [sent, setSent] = useState<'respond' | 'edit' | null>(null);
  const status = useApplicationStatus(token);
  const qc = useQueryClient();
  const onEdited = useCallback(
    (v: ApplicantView) => {
      qc.setQueryData(publicApplicationKeys.status(token), v);
      setSent('edit');
    },
    [qc, token],
  );
  const view = status.data;

  useEffect(() => {
    const onHash = () => setToken(tokenOfHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    document.title = t('apply.statusPage.title');
  }, [t]);

  const invalid = token === '' || (status.error instanceof ApiError && status.error.status === 404);
  const request = view
    ? ([...view.history]
        .filter((e) => e.kind === 'info_request')
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .at(-1)?.message ?? null)
    : null;

  return (
    <main className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">{t('apply.statusPage.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('apply.statusPage.intro')}</p>
        </div>
        <LanguageSwitch />
      </header>

      {invalid ? (
        <section role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6">
          <LinkIcon className="size-8 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{t('apply.statusPage.invalidTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('apply.statusPage.invalid')}</p>
          <ul className="flex flex-col gap-1 text-sm">
            <li>
              <Link className="text-primary underline-offset-4 hover:underline" to="/market-vendor-application">
                {t('apply.title.market_vendor')}
              </Link>
            </li>
            <li>
              <Link className="text-primary underline-offset-4 hover:underline" to="/junior-vendor-application">
                {t('apply.title.junior_vendor')}
              </Link>
            </li>
            <li>
              <Link className="text-primary underline-offset-4 hover:underline" to="/workshop-application">
                {t('apply.title.workshop')}
              </Link>
            </li>
          </ul>
        </section>
      ) : status.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-10 animate-pulse rounded bg-muted" />
          ))}
          <span className="text-sm text-muted-foreground">{t('apply.loading')}</span>
        </div>
      ) : status.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <span className="font-medium">{t('apply.statusPage.loadFailed')}</span>
          <span className="text-xs text-muted-foreground">{status.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            {t('apply.retry')}
          </Button>
        </div>
      ) : (
        view && (
          <>
            {sent && (
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm dark:bg-emerald-950/30"
              >
                <CheckCircle2 className="size-4 shrink-0 text-emerald-700" aria-hidden />
                {t(sent === 'edit' ? 'apply.edit.saved' : 'apply.respond.sent')}
              </p>
            )}
            {view.canRespond && (
              <StatusRespondForm
                token={token}
                org={view.organizationSlug ?? orgOfPage()}
                request={request}
                onSent={() => setSent('respond')}
              />
            )}
            {view.canEdit && <StatusEdit token={token} view={view} onSaved={onEdited} />}
            <StatusOverview view={view} />
            <StatusHistory history={view.history} />
            {view.canWithdraw && (
              <section className="flex flex-col items-start gap-2 border-t pt-4">
                <p className="text-sm text-muted-foreground">{t('apply.withdraw.hint')}</p>
                <StatusWithdraw token={token} />
              </section>
            )}
          </>
        )
      )}
    </main>
  );
}
