import { IMPORT_OUTCOMES, type ImportOutcome, type ImportPhase } from '@market/contracts/plain';
import { ChevronDown } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { fieldClass } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { num } from '../import-format';
import { useImportRows, type ImportRow } from '../product-import-api';
import type { ImportAttribute } from '../use-import-attributes';
import { OutcomeBadge } from './import-badges';
import { ImportRowDiff, ImportRowErrors } from './import-row-diff';

/** What each row did in a phase, by row number, optionally of one outcome; an update or create opens its diff. */
export function ImportRowsTable({
  importId,
  phase,
  outcome,
  onOutcome,
  attributes,
}: {
  importId: string;
  phase: ImportPhase;
  outcome: ImportOutcome | null;
  onOutcome: (o: ImportOutcome | null) => void;
  attributes: readonly ImportAttribute[];
}) {
  const { t, language } = useI18n();
  const rows = useImportRows(importId, phase, outcome);
  const items = rows.data?.pages.flatMap((p) => p.items) ?? [];
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (n: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(n)) next.add(n);
      return next;
    });
  const details = (r: ImportRow) => {
    if (r.errors.length) return <ImportRowErrors row={r} attributes={attributes} />;
    if (!r.changes.length) return <span className="text-muted-foreground">—</span>;
    const expanded = open.has(r.rowNo);
    return (
      <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={`import-diff-${r.rowNo}`} onClick={() => toggle(r.rowNo)}>
        <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden />
        {t('productImport.rows.changes', { count: num(r.changes.length, language) })}
      </Button>
    );
  };

  return (
    <section aria-labelledby="import-rows-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="import-rows-title" className="text-base font-semibold">
          {t('productImport.rows.title')}
        </h3>
        <label className="flex items-center gap-2 text-sm">
          {t('productImport.rows.filter')}
          <select
            className={fieldClass.replace('w-full', 'w-auto')}
            value={outcome ?? ''}
            onChange={(e) => onOutcome((e.target.value || null) as ImportOutcome | null)}
          >
            <option value="">{t('productImport.rows.all')}</option>
            {IMPORT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`productImport.outcome.${o}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListState
        loading={rows.isPending}
        error={rows.error}
        empty={!rows.isPending && !rows.error && items.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('productImport.rows.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void rows.refetch()}
        emptyContent={outcome ? t('productImport.rows.emptyOutcome') : t('productImport.rows.empty')}
      />
      {items.length > 0 && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full min-w-[40rem] text-sm" data-testid="import-rows">
            <caption className="sr-only">{t('productImport.rows.title')}</caption>
            <thead className="bg-muted/60 text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('productImport.rows.rowNo')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('productImport.rows.outcome')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('productImport.rows.sku')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('productImport.rows.details')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <Fragment key={r.rowNo}>
                  <tr className="border-t align-top" data-testid={`import-row-${r.rowNo}`}>
                    <th scope="row" className="px-3 py-2 text-end font-normal tabular-nums">
                      {num(r.rowNo, language)}
                    </th>
                    <td className="px-3 py-2">
                      <OutcomeBadge outcome={r.outcome} />
                    </td>
                    <td className="px-3 py-2" dir="ltr">
                      {r.productId ? (
                        <Link className="text-primary hover:underline" to={`/products/${r.productId}`}>
                          {r.sku ?? '—'}
                        </Link>
                      ) : (
                        (r.sku ?? '—')
                      )}
                    </td>
                    <td className="px-3 py-2">{details(r)}</td>
                  </tr>
                  {open.has(r.rowNo) && !r.errors.length && (
                    <tr className="bg-muted/30">
                      <td colSpan={4} className="px-3 py-2">
                        <ImportRowDiff row={r} attributes={attributes} id={`import-diff-${r.rowNo}`} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void rows.fetchNextPage()} disabled={rows.isFetchingNextPage}>
          {rows.isFetchingNextPage ? t('common.loading') : t('productImport.loadMore')}
        </Button>
      )}
    </section>
  );
}
