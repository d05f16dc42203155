import { Columns3, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { BulkBar } from './list/bulk-bar';
import { CreateProductDialog } from './list/create-product-dialog';
import { ExportMenu } from './list/export-menu';
import { PopoverChecklist } from './list/popover-checklist';
import { ProductsFilters } from './list/products-filters';
import { ProductsGrid } from './list/products-grid';
import { configOf, SavedViewsMenu } from './list/saved-views-menu';
import { useColumns, useListParams } from './list/use-list-params';
import { PRODUCT_LIST_COLUMNS, type ProductListColumn, type ProductSort } from '@market/contracts/plain';
import { filterQuery, useFormOptions, useProductPages, type SavedView } from './products-api';

/** Products (/products): the catalogue grid with search, filters, saved views, selection and export. */
export default function ProductsPage() {
  const { t } = useI18n();
  const { filters, update, replaceAll, hasFilters, isNew, openNew, closeNew } = useListParams();
  const { columns, setColumns } = useColumns();
  const options = useFormOptions();
  const pages = useProductPages(filters);
  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const onToggle = useCallback((id: string) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const onToggleAll = useCallback(() => {
    setSelected((prev) => (items.length > 0 && items.every((i) => prev.has(i.id)) ? new Set() : new Set(items.map((i) => i.id))));
  }, [items]);
  const onSort = useCallback((sort: ProductSort) => update({ sort }), [update]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const fetchNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const clearFilters = useCallback(() => replaceAll({ sort: filters.sort }), [replaceAll, filters.sort]);
  const applyView = useCallback(
    (v: SavedView) => {
      replaceAll({ ...v.config.filters, sort: v.config.sort });
      setColumns(v.config.columns as ProductListColumn[]);
    },
    [replaceAll, setColumns],
  );

  const query = filterQuery(filters);
  const queryKey = JSON.stringify(query);
  // A selection belongs to the rows it was made on: new filters start a new one.
  useEffect(() => setSelected(new Set()), [queryKey]);
  const noProductsAtAll = !pages.isPending && !pages.error && items.length === 0 && !hasFilters;

  return (
    <section className="flex min-w-0 flex-col gap-3">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{t('route.products')}</h1>
          <p className="text-sm text-muted-foreground">{t('products.subtitle')}</p>
        </div>
        <Button onClick={openNew}>
          <Plus className="size-4" aria-hidden />
          {t('products.new')}
        </Button>
      </header>
      <ProductsFilters filters={filters} options={options.data} update={update} hasFilters={hasFilters} onClear={clearFilters} />
      <div className="flex flex-wrap items-center gap-2">
        <SavedViewsMenu current={configOf(filters, columns)} onApply={applyView} />
        <PopoverChecklist<ProductListColumn>
          label={t('products.columns.label')}
          title={t('products.columns.title')}
          icon={<Columns3 className="size-3.5" aria-hidden />}
          options={PRODUCT_LIST_COLUMNS.map((c) => ({ value: c, label: t(`products.column.${c}`) }))}
          value={columns}
          onChange={setColumns}
        />
        <ExportMenu query={query} label={t('products.export.all')} />
        <span className="ms-auto text-sm text-muted-foreground" aria-live="polite" data-testid="products-loaded">
          {pages.isSuccess && t(hasNextPage ? 'products.list.loadedMore' : 'products.list.loaded', { count: items.length })}
        </span>
      </div>
      {selected.size > 0 && (
        <BulkBar
          ids={[...selected]}
          categories={options.data?.categories ?? []}
          onDone={() => setSelected(new Set())}
          onClear={() => setSelected(new Set())}
        />
      )}
      {pages.isPending || pages.error || items.length === 0 ? (
        <ListState
          loading={pages.isPending}
          error={pages.error}
          empty={items.length === 0}
          loadingLabel={t('products.loading')}
          errorLabel={t('products.list.loadFailed')}
          retryLabel={t('products.retry')}
          onRetry={() => void pages.refetch()}
          emptyContent={
            noProductsAtAll ? (
              <div className="flex flex-col items-center gap-2">
                <span>{t('products.list.emptyAll')}</span>
                <Button size="sm" onClick={openNew}>
                  <Plus className="size-4" aria-hidden />
                  {t('products.new')}
                </Button>
              </div>
            ) : (
              <div className="flex flex-col items-center gap-2">
                <span>{t('products.list.emptyFiltered')}</span>
                <Button size="sm" variant="outline" onClick={clearFilters}>
                  {t('products.filter.clear')}
                </Button>
              </div>
            )
          }
        />
      ) : (
        <ProductsGrid
          items={items}
          columns={columns}
          sort={filters.sort}
          onSort={onSort}
          selected={selected}
          onToggle={onToggle}
          onToggleAll={onToggleAll}
          hasNextPage={!!hasNextPage}
          fetchingNext={isFetchingNextPage}
          fetchNext={fetchNext}
          currency={options.data?.currency}
        />
      )}
      <CreateProductDialog open={isNew} onOpenChange={(o) => (o ? openNew() : closeNew())} />
    </section>
  );
}
