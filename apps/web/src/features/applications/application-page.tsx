import { Link, useLocation, useParams } from 'react-router';
import { ListState } from '../../components/ui/list-state';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useApplication } from './applications-api';
import { ApplicationAnswers, ApplicationChoices } from './components/application-answers';
import { ApplicationDocuments } from './components/application-documents';
import { ApplicationHeader } from './components/application-header';
import { ApplicationHistory } from './components/application-history';
import { ApplicationScores } from './components/application-scores';

/** One application (/market-vendor-management/applications/:id and the junior and workshop ones): a stack of sections. */
export default function ApplicationPage() {
  const { t } = useI18n();
  const { id } = useParams();
  const app = useApplication(id);
  // The queue this page was opened from: /x/applications/:id → /x, /workshop-applications/:id → /workshop-applications.
  const queuePath = useLocation().pathname.replace(/(\/applications)?\/[^/]+\/?$/, '') || '/dashboard';
  if (!app.data) {
    const notFound = app.error instanceof ApiError && (app.error.status === 404 || app.error.status === 422 || app.error.status === 400);
    return (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('review.page.title')}</h1>
        <ListState
          loading={app.isPending}
          error={notFound ? null : app.error}
          empty={notFound}
          loadingLabel={t('common.loading')}
          errorLabel={t('review.page.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void app.refetch()}
          emptyContent={
            <span className="flex flex-col items-center gap-2">
              {t('review.page.notFound')}
              <Link to={queuePath} className="text-primary underline" data-testid="application-back">
                {t('review.page.back')}
              </Link>
            </span>
          }
        />
      </section>
    );
  }
  const a = app.data;
  return (
    <article className="flex min-w-0 flex-col gap-4" data-testid="application-page" data-id={a.id}>
      <ApplicationHeader app={a} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <ApplicationAnswers app={a} />
          <ApplicationChoices app={a} />
          <ApplicationDocuments app={a} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <ApplicationScores app={a} />
          <ApplicationHistory app={a} />
        </div>
      </div>
    </article>
  );
}
