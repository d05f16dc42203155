import { Download } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useAuth } from '../../app/session/auth-provider';
import { useTheme } from '../../app/theme/theme-provider';
import { buttonVariants } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { ApiDocsCredentials } from './api-docs-credentials';
import type { TryItCredential } from './api-docs-reference';
import { OPENAPI_URL, useOpenApiDocument, type OpenApiDocument } from './use-openapi-document';

type Reference = ComponentType<{ document: OpenApiDocument; credential: TryItCredential; dark: boolean }>;

/** The viewer (Scalar, the bulk of this page's code) loads beside the document, with its own failure and retry. */
function useReferenceViewer() {
  const [viewer, setViewer] = useState<{ Reference?: Reference; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    import('./api-docs-reference').then(
      (m) => live && setViewer({ Reference: m.default }),
      (error: unknown) => live && setViewer({ error }),
    );
    return () => void (live = false);
  }, [attempt]);
  return { ...viewer, retry: () => (setViewer({}), setAttempt((a) => a + 1)) };
}

/**
 * /api-docs: the OpenAPI document the server generates from the contracts, as an interactive reference (Scalar)
 * in the app's theme, each operation with the permission or API key scope it needs, and try-it as the signed-in
 * user or with an API key (decision 026).
 */
export default function ApiDocsPage() {
  const { t } = useI18n();
  const { session } = useAuth();
  const { theme } = useTheme();
  const doc = useOpenApiDocument();
  const viewer = useReferenceViewer();
  const [apiKey, setApiKey] = useState<string | null>(null);
  const credential: TryItCredential = apiKey ? { kind: 'apiKey', key: apiKey } : { kind: 'session', token: session?.access_token ?? null };
  const failed = doc.error ?? viewer.error;
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('route.apiDocs')}</h1>
          <p className="text-sm text-muted-foreground">{t('apiDocs.subtitle')}</p>
          <p className="text-sm text-muted-foreground">{t('apiDocs.englishOnly')}</p>
        </div>
        <a href={OPENAPI_URL} download="openapi.json" className={buttonVariants({ variant: 'outline' })}>
          <Download className="size-4" aria-hidden />
          {t('apiDocs.download')}
        </a>
      </header>
      <ApiDocsCredentials apiKey={apiKey} onApiKey={setApiKey} />
      <ListState
        loading={!failed && (doc.isPending || !viewer.Reference)}
        error={failed}
        empty={false}
        loadingLabel={t('apiDocs.loading')}
        errorLabel={t(doc.error ? 'apiDocs.loadFailed' : 'apiDocs.viewerFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => (doc.error ? void doc.refetch() : viewer.retry())}
        emptyContent={null}
      />
      {doc.data && viewer.Reference && (
        <div role="region" aria-label={t('apiDocs.reference')} className="min-w-0 rounded-md border">
          <viewer.Reference document={doc.data} credential={credential} dark={theme === 'violet-nights'} />
        </div>
      )}
    </section>
  );
}
