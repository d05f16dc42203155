import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ApiError } from '../../../lib/api';
import { runStarted } from '../import-format';
import { useImport, type ImportDetail } from '../product-import-api';
import { useImportDraft } from '../use-import-draft';
import { useImportLive } from '../use-import-live';
import { ImportDryRunStep } from './import-dry-run-step';
import { ImportHeader } from './import-header';
import { ImportMapStep } from './import-map-step';
import { ImportRunStep } from './import-run-step';
import { ImportStepper, type ImportStep } from './import-stepper';

/** The step an import has reached: mapping until a dry run starts, then the dry run, then the run. */
export function stepOf(d: ImportDetail): ImportStep {
  if (runStarted(d)) return 'run';
  if (d.state === 'validating' || d.state === 'validated') return 'dryRun';
  // A failed or cancelled dry run shows why; a draft (never validated, or changed since) is mapped again.
  return d.state !== 'draft' && (d.dryRun || d.progress?.phase === 'dry_run') ? 'dryRun' : 'map';
}

/** One import, followed live: its header, the stepper and the step shown. */
export function ImportView({ id, onOpen }: { id: string; onOpen: (id: string | null) => void }) {
  const { t } = useI18n();
  const q = useImport(id);
  useImportLive(id, q.data?.state);
  const back = (
    <Button variant="ghost" size="sm" className="self-start" onClick={() => onOpen(null)}>
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
      {t('productImport.back')}
    </Button>
  );
  if (!q.data) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <section className="flex flex-col gap-4">
        {back}
        {q.isPending ? (
          <PageSkeleton label={t('productImport.loadingImport')} />
        ) : (
          <ListState
            loading={false}
            error={q.error}
            empty={false}
            loadingLabel={t('common.loading')}
            errorLabel={missing ? t('productImport.notFound') : t('productImport.loadFailed')}
            retryLabel={t('common.tryAgain')}
            onRetry={() => void q.refetch()}
            emptyContent={null}
          />
        )}
      </section>
    );
  }
  return <ImportScreen detail={q.data} back={back} onOpen={onOpen} />;
}

function ImportScreen({ detail, back, onOpen }: { detail: ImportDetail; back: ReactNode; onOpen: (id: string | null) => void }) {
  const draft = useImportDraft(detail);
  const current = stepOf(detail);
  // The step the user opened; none follows the import as it moves on.
  const [picked, setPicked] = useState<ImportStep | null>(null);
  const shown = picked ?? current;
  const reachable = (s: ImportStep) => s === 'map' || (s === 'dryRun' ? current !== 'map' || !!detail.dryRun : current === 'run');
  const follow = () => setPicked(null);

  return (
    <section className="flex min-w-0 flex-col gap-4" data-testid="import-view">
      {back}
      <ImportHeader detail={detail} onOpen={onOpen} />
      <ImportStepper current={current} shown={shown} reachable={reachable} onShow={(s) => setPicked(s === current ? null : s)} />
      {shown === 'map' && <ImportMapStep detail={detail} draft={draft} onStarted={follow} />}
      {shown === 'dryRun' && <ImportDryRunStep detail={detail} onEdit={() => setPicked('map')} onStarted={follow} />}
      {shown === 'run' && <ImportRunStep detail={detail} onOpen={onOpen} />}
    </section>
  );
}
