import { History } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { ConfirmDialog, FormDialog } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDate } from '../format';
import { useRestoreVersion, useVersion, useVersions, type FormOptions, type Product, type VersionDetail } from '../products-api';
import { fieldLabel, valueText } from './diff-format';
import { DetailsSection } from './section';
import { errorMessage } from '../../../lib/api-errors';

type DiffEntry = VersionDetail['diff'][number];

/** The fields a version changed, each with its value before and after. */
function VersionDiffTable({ diff, product, options }: { diff: DiffEntry[]; product: Product; options: FormOptions }) {
  const { t, language } = useI18n();
  const columns: ColumnDef<DiffEntry>[] = [
    column({
      id: 'field',
      header: t('products.history.field'),
      rowHeader: true,
      cellClassName: 'font-medium',
      cell: (e) => fieldLabel(e.field, options, t, language),
    }),
    column({
      id: 'before',
      header: t('products.history.before'),
      cellClassName: 'break-words text-muted-foreground line-through decoration-destructive/50',
      cellProps: { dir: 'auto' },
      cell: (e) => valueText(e.field, e.before, options, product, t, language),
    }),
    column({
      id: 'after',
      header: t('products.history.after'),
      cellClassName: 'break-words',
      cellProps: { dir: 'auto' },
      cell: (e) => valueText(e.field, e.after, options, product, t, language),
    }),
  ];
  return (
    <DataTable
      columns={columns}
      data={diff}
      getRowId={(e) => e.field}
      caption={t('products.history.diffCaption')}
      testId="version-diff"
      rowProps={(e) => ({ 'data-testid': `diff-${e.field}`, className: 'align-top' })}
    />
  );
}

/** One version's field-by-field diff against the version before it, with "Restore this version". */
function VersionDialog({
  product,
  options,
  version,
  onClose,
  canRestore,
  onRestored,
}: {
  product: Product;
  options: FormOptions;
  version: number | null;
  onClose: () => void;
  canRestore: boolean;
  onRestored: (p: Product) => void;
}) {
  const { t, language } = useI18n();
  const detail = useVersion(product.id, version);
  const restore = useRestoreVersion(product.id);
  const [confirming, setConfirming] = useState(false);
  const d = detail.data;
  return (
    <>
      <FormDialog
        open={version !== null}
        onOpenChange={(o) => !o && onClose()}
        wide
        title={t('products.history.versionTitle', { version: version ?? '' })}
        description={
          d
            ? t('products.history.versionBy', {
                who: d.actor?.name ?? t('products.history.system'),
                when: formatDate(d.createdAt, language, true),
              })
            : undefined
        }
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {t('products.close')}
            </Button>
            {version !== product.version && (
              <Button onClick={() => setConfirming(true)} disabled={!d || !canRestore}>
                {t('products.history.restore')}
              </Button>
            )}
          </>
        }
      >
        {detail.isPending || detail.error ? (
          <ListState
            loading={detail.isPending}
            error={detail.error}
            empty={false}
            loadingLabel={t('products.loading')}
            errorLabel={t('products.history.loadFailed')}
            retryLabel={t('products.retry')}
            onRetry={() => void detail.refetch()}
            emptyContent={null}
          />
        ) : d && d.diff.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('products.history.noChanges')}</p>
        ) : (
          d && <VersionDiffTable diff={d.diff} product={product} options={options} />
        )}
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('products.history.restoreTitle', { version: version ?? '' })}
        message={t('products.history.restoreMessage')}
        confirmLabel={t('products.history.restore')}
        cancelLabel={t('products.cancel')}
        pending={restore.isPending}
        error={restore.error ? errorMessage(t, restore.error) : null}
        onConfirm={() =>
          version !== null &&
          restore.mutate(
            { version, expectedVersion: product.version },
            {
              onSuccess: (p) => {
                toast.success(t('products.history.restored', { version, newVersion: p.version }));
                setConfirming(false);
                onClose();
                onRestored(p);
              },
            },
          )
        }
      />
    </>
  );
}

/** Every version newest first with who, when, what and which fields; open one to see its diff. */
export function HistorySection({
  product,
  options,
  dirty,
  onRestored,
}: {
  product: Product;
  options: FormOptions;
  dirty: boolean;
  onRestored: (p: Product) => void;
}) {
  const { t, language } = useI18n();
  const versions = useVersions(product.id);
  const [open, setOpen] = useState<number | null>(null);
  const rows = versions.data ?? [];
  return (
    <DetailsSection id="history" title={t('products.section.history')}>
      {dirty && <p className="text-xs text-muted-foreground">{t('products.history.saveFirst')}</p>}
      {versions.isPending || versions.error || rows.length === 0 ? (
        <ListState
          loading={versions.isPending}
          error={versions.error}
          empty={rows.length === 0}
          loadingLabel={t('products.loading')}
          errorLabel={t('products.history.loadFailed')}
          retryLabel={t('products.retry')}
          onRetry={() => void versions.refetch()}
          emptyContent={t('products.history.empty')}
        />
      ) : (
        <ol className="flex flex-col divide-y rounded-md border" data-testid="product-versions">
          {rows.map((v) => (
            <li key={v.version} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2 text-sm">
              <span className="font-mono text-xs tabular-nums">v{v.version}</span>
              <span className="font-medium">{t(`products.history.action.${v.action}`)}</span>
              {v.restoredFrom !== null && (
                <span className="text-xs text-muted-foreground">{t('products.history.fromVersion', { version: v.restoredFrom })}</span>
              )}
              <span className="text-muted-foreground">{v.actor?.name ?? t('products.history.system')}</span>
              <time className="text-xs text-muted-foreground" dateTime={v.createdAt}>
                {formatDate(v.createdAt, language, true)}
              </time>
              <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
                {v.changedFields.length ? v.changedFields.map((f) => fieldLabel(f, options, t, language)).join(', ') : ''}
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setOpen(v.version)}
                aria-label={t('products.history.openVersion', { version: v.version })}
              >
                <History className="size-3.5" aria-hidden />
                {t('products.history.open')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <VersionDialog
        product={product}
        options={options}
        version={open}
        onClose={() => setOpen(null)}
        canRestore={!dirty}
        onRestored={onRestored}
      />
    </DetailsSection>
  );
}
