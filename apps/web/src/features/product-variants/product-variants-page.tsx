import { Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { cellKey, useGridCells } from './use-grid-cells';
import { EDIT_FIELDS, FIELD_LABEL_KEY, parseCell, type EditField } from './variant-format';
import { VariantsGrid } from './variants-grid';
import { ProductCombobox } from './product-combobox';
import { useBulkUpdateVariants, useVariantFormOptions, useVariantGrid, type BulkItem } from './variants-api';

/** Product Variants (/product-variants): every variant in a spreadsheet-like grid with inline and bulk edits. */
export default function ProductVariantsPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const productId = params.get('productId') ?? '';
  const [search, setSearch] = useState(q);
  const setParam = useCallback(
    (key: string, value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    const id = setTimeout(() => search.trim() !== q && setParam('q', search.trim()), 300);
    return () => clearTimeout(id);
  }, [search, q, setParam]);

  const grid = useVariantGrid(q, productId);
  const options = useVariantFormOptions();
  const rows = useMemo(() => grid.data?.pages.flatMap((p) => p.items) ?? [], [grid.data]);
  const rowIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const cells = useGridCells(rowIds);
  const { reset } = cells;
  useEffect(() => reset(), [q, productId, reset]);
  const bulk = useBulkUpdateVariants();
  const [bulkValue, setBulkValue] = useState('');
  const digits = options.data?.currency?.minorDigits ?? 2;

  /** Saves every unsaved cell in one bulk request; a failure keeps the edits and marks the cells. */
  const save = (edits: ReadonlyMap<string, string>) => {
    if (!edits.size) return;
    const byId = new Map<string, BulkItem>();
    const clientErrors = new Map<string, string>();
    for (const [key, text] of edits) {
      const [id, field] = key.split(':') as [string, EditField];
      const parsed = parseCell(field, text, digits);
      if (!parsed.ok) {
        clientErrors.set(key, `${t(FIELD_LABEL_KEY[field])}: ${t(parsed.error)}`);
        continue;
      }
      byId.set(id, { ...(byId.get(id) ?? { id }), [field]: parsed.value });
    }
    if (clientErrors.size) {
      cells.setErrors(clientErrors);
      toast.error(t('variants.page.saveErrors', { count: clientErrors.size }));
      return;
    }
    const items = [...byId.values()];
    bulk.mutate(items, {
      onSuccess: (res) => {
        cells.dropEdits();
        toast.success(t('variants.page.savedCount', { count: res.updated }));
      },
      onError: (err) => {
        if (!(err instanceof ApiError) || !err.fields.length) return void toast.error(errorMessage(t, err));
        const next = new Map<string, string>();
        for (const f of err.fields) {
          const m = /^items\.(\d+)\.(\w+)$/.exec(f.field);
          const item = m ? items[Number(m[1])] : undefined;
          if (!item || !m) continue;
          const field = (EDIT_FIELDS as readonly string[]).includes(m[2]!)
            ? (m[2] as EditField)
            : (Object.keys(item).find((k) => k !== 'id') as EditField);
          next.set(cellKey(item.id, field), `${t(FIELD_LABEL_KEY[field])}: ${f.message}`);
        }
        cells.setErrors(next);
        toast.error(t('variants.page.saveErrors', { count: next.size || err.fields.length }));
      },
    });
  };
  const applyToSelected = () => {
    const keys = [...cells.selected];
    if (!keys.length) return;
    const next = new Map(cells.edits);
    for (const k of keys) next.set(k, bulkValue);
    cells.setEdit(keys, bulkValue);
    save(next);
  };

  const errorList = [...cells.errors.entries()];
  const skuOf = (key: string) => rows.find((r) => r.id === key.split(':')[0])?.sku ?? '';
  const filtered = Boolean(q || productId);
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.productVariants')}</h1>
        <p className="text-sm text-muted-foreground">{t('variants.page.subtitle')}</p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <label className="relative flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          <span className="sr-only">{t('variants.page.search')}</span>
          <Search className="pointer-events-none absolute start-2 top-2.5 size-4 text-muted-foreground" aria-hidden />
          <input
            type="search"
            className={`${fieldClass} ps-8`}
            placeholder={t('variants.page.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <ProductCombobox value={productId} onChange={(id) => setParam('productId', id)} />
      </div>
      <div
        className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/30 p-2 text-sm"
        role="toolbar"
        aria-label={t('variants.page.setValue')}
      >
        <span className="text-muted-foreground" aria-live="polite">
          {t('variants.page.selected', { count: cells.selected.size })}
        </span>
        <input
          className={`${fieldClass} w-40`}
          aria-label={t('variants.page.setValueLabel')}
          placeholder={t('variants.page.setValueLabel')}
          value={bulkValue}
          onChange={(e) => setBulkValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && applyToSelected()}
        />
        <Button size="sm" variant="outline" disabled={!cells.selected.size || bulk.isPending} onClick={applyToSelected}>
          {t('variants.page.setValue')}
        </Button>
        <span className="ms-auto text-muted-foreground" aria-live="polite">
          {cells.edits.size > 0 && t('variants.page.unsaved', { count: cells.edits.size })}
        </span>
        <Button size="sm" variant="outline" disabled={!cells.edits.size || bulk.isPending} onClick={() => cells.dropEdits()}>
          {t('variants.page.discard')}
        </Button>
        <Button size="sm" disabled={!cells.edits.size || bulk.isPending} onClick={() => save(cells.edits)}>
          {t('variants.save')}
        </Button>
      </div>
      {errorList.length > 0 && (
        <ul role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {errorList.map(([key, message]) => (
            <li key={key}>
              <span dir="ltr" className="font-mono text-xs">
                {skuOf(key)}
              </span>{' '}
              · {message}
            </li>
          ))}
        </ul>
      )}
      <ListState
        loading={grid.isPending}
        error={grid.error}
        empty={!grid.isPending && rows.length === 0}
        loadingLabel={t('variants.loading')}
        errorLabel={t('variants.loadFailed')}
        retryLabel={t('variants.retry')}
        onRetry={() => void grid.refetch()}
        emptyContent={
          filtered ? (
            t('variants.page.emptyFiltered')
          ) : (
            <span className="flex flex-col items-center gap-2">
              {t('variants.page.empty')}
              <Link to="/products" className="text-primary hover:underline">
                {t('variants.page.toProducts')}
              </Link>
            </span>
          )
        }
      />
      {rows.length > 0 && (
        <VariantsGrid
          rows={rows}
          cells={cells}
          currency={options.data?.currency}
          hasNextPage={grid.hasNextPage}
          fetchingNext={grid.isFetchingNextPage}
          fetchNext={() => void grid.fetchNextPage()}
        />
      )}
    </section>
  );
}
