import { column, DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoment, num, type Translate } from '../import-format';
import { useImportHistory, type ImportSummary } from '../product-import-api';
import { ImportStateBadge } from './import-badges';

/** The counts of an import in one line: the run's when it ran, else the dry run's. */
function countsText(s: ImportSummary, language: string, t: Translate): string {
  const c = s.run ?? s.dryRun;
  if (!c) return '—';
  const key = s.run ? 'productImport.history.runCounts' : 'productImport.history.dryRunCounts';
  return t(key, { create: num(c.create, language), update: num(c.update, language), error: num(c.error, language) });
}

/** Past and current imports, newest first, with "Load more"; a file name opens its import. */
export function ImportHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, language } = useI18n();
  const list = useImportHistory();
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const columns = [
    column<ImportSummary>({
      id: 'file',
      header: t('productImport.history.col.file'),
      rowHeader: true,
      card: 'title',
      cell: (s) => (
        <button
          type="button"
          className="max-w-72 truncate text-start font-medium text-primary hover:underline"
          dir="auto"
          onClick={() => onOpen(s.id)}
          aria-label={t('productImport.history.open', { name: s.fileName })}
        >
          {s.fileName}
        </button>
      ),
    }),
    column<ImportSummary>({
      id: 'createdAt',
      header: t('productImport.history.col.date'),
      card: 'field',
      cellClassName: 'whitespace-nowrap',
      cell: (s) => formatMoment(s.createdAt, language),
    }),
    column<ImportSummary>({
      id: 'who',
      header: t('productImport.history.col.who'),
      card: 'field',
      cellProps: { dir: 'auto' },
      cell: (s) => s.createdBy?.name ?? '—',
    }),
    column<ImportSummary>({
      id: 'state',
      header: t('productImport.history.col.state'),
      card: 'field',
      cell: (s) => <ImportStateBadge state={s.state} stalled={s.stalled} />,
    }),
    column<ImportSummary>({
      id: 'counts',
      header: t('productImport.history.col.counts'),
      card: 'field',
      cellClassName: 'tabular-nums',
      cell: (s) => countsText(s, language, t),
    }),
    column<ImportSummary>({
      id: 'profile',
      header: t('productImport.history.col.profile'),
      cellProps: { dir: 'auto' },
      cell: (s) => s.profileName ?? '—',
    }),
  ];

  return (
    <section aria-labelledby="import-history-title" className="flex flex-col gap-3">
      <h2 id="import-history-title" className="text-base font-semibold">
        {t('productImport.history.title')}
      </h2>
      <DataTable
        columns={columns}
        data={rows}
        query={{ isPending: list.isPending, error: list.error, refetch: list.refetch }}
        errorLabel={t('productImport.history.loadFailed')}
        empty={t('productImport.history.empty')}
        caption={t('productImport.history.title')}
        tableClassName="min-w-[48rem]"
        rowProps={(s) => ({ 'data-testid': `import-${s.id}` })}
      />
      {list.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t('common.loading') : t('productImport.loadMore')}
        </Button>
      )}
    </section>
  );
}
