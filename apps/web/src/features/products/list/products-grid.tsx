import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDate, formatMoney, localName } from '../format';
import type { ProductListColumn, ProductSort } from '@market/contracts/plain';
import { SORTABLE } from '../product-constants';
import type { FormOptions, ProductListItem } from '../products-api';
import { GridLoaderRow } from '../../product-variants';
import { CompletenessBar, StatusBadge } from './product-badges';
import { usePhone } from '../../../components/data-table';

export const ROW_HEIGHT = 52;
const WIDTH: Record<'select' | 'sku' | 'name' | ProductListColumn, string> = {
  select: '2.5rem',
  image: '4rem',
  sku: 'minmax(7rem,10rem)',
  name: 'minmax(12rem,2fr)',
  status: '6.5rem',
  brand: 'minmax(6rem,1fr)',
  vendor: 'minmax(6rem,1fr)',
  family: 'minmax(6rem,1fr)',
  categories: 'minmax(8rem,1.5fr)',
  price: '8rem',
  completeness: '8.5rem',
  variants: '5rem',
  updated: '8rem',
};

const cellClass = 'flex min-w-0 items-center px-2 text-sm';
const stackedCellClass = 'flex min-w-0 flex-col justify-center px-2 text-sm';
/** On a phone: the selection, the name with the SKU under it, the status. */
const PHONE_COLUMNS: ProductListColumn[] = ['status'];

interface RowProps {
  item: ProductListItem;
  index: number;
  start: number;
  columns: ProductListColumn[];
  template: string;
  selected: boolean;
  onToggle: (id: string) => void;
  language: string;
  currency: FormOptions['currency'] | undefined;
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** The list's query string, handed to the product page so "back" returns to this search. */
  listSearch: string;
  onOpen: (id: string) => void;
  /** Phone layout: the SKU under the name, then the status; no other column. */
  phone: boolean;
}

/** A click on the row opens the product, except on its own controls (checkbox, link). */
const isControl = (e: MouseEvent) => (e.target as HTMLElement).closest('a, button, input, label, select, textarea') !== null;

/** One row; memoised so scrolling only renders rows that come into view. */
const ProductRow = memo(function ProductRow({
  item,
  index,
  start,
  columns,
  template,
  selected,
  onToggle,
  language,
  currency,
  t,
  listSearch,
  onOpen,
  phone,
}: RowProps) {
  const name = localName(language, item);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="product-row"
      // The whole row opens the product; keyboard users reach the same page through the name's link.
      onClick={(e) => !isControl(e) && !window.getSelection()?.toString() && onOpen(item.id)}
      className="absolute inset-x-0 top-0 grid cursor-pointer border-b hover:bg-muted/40 aria-selected:bg-primary/5"
      // Containment keeps a row's style and layout work to itself while rows mount and unmount during a scroll.
      style={{ gridTemplateColumns: template, height: ROW_HEIGHT, transform: `translateY(${start}px)`, contain: 'layout paint style' }}
    >
      <div role="gridcell" className={cellClass}>
        <input
          type="checkbox"
          className="size-4"
          checked={selected}
          onChange={() => onToggle(item.id)}
          aria-label={t('products.list.selectRow', { sku: item.sku })}
        />
      </div>
      {columns.includes('image') && (
        <div role="gridcell" className={cellClass}>
          {item.imageUrl ? (
            <img
              src={item.imageUrl}
              alt=""
              loading="lazy"
              decoding="async"
              width={40}
              height={40}
              className="size-10 rounded object-cover"
            />
          ) : (
            <span className="size-10 rounded bg-muted" />
          )}
        </div>
      )}
      {!phone && (
        <div role="gridcell" className={`${cellClass} font-mono text-xs`}>
          <span className="truncate" dir="ltr">
            {item.sku}
          </span>
        </div>
      )}
      <div role="gridcell" className={phone ? stackedCellClass : cellClass}>
        <Link
          to={`/products/${item.id}`}
          state={{ list: listSearch }}
          className="max-w-full truncate font-medium text-primary hover:underline"
          dir="auto"
        >
          {name || item.sku}
        </Link>
        {phone && (
          <span className="max-w-full truncate font-mono text-xs text-muted-foreground" dir="ltr">
            {item.sku}
          </span>
        )}
      </div>
      {columns.map((c) => {
        switch (c) {
          case 'image':
            return null;
          case 'status':
            return (
              <div key={c} role="gridcell" className={cellClass}>
                <StatusBadge status={item.status} label={t(`products.status.${item.status}`)} />
              </div>
            );
          case 'brand':
            return (
              <div key={c} role="gridcell" className={cellClass}>
                <span className="truncate">{item.brand ? localName(language, item.brand) : '—'}</span>
              </div>
            );
          case 'vendor':
            return (
              <div key={c} role="gridcell" className={cellClass}>
                <span className="truncate">{item.vendor?.name ?? '—'}</span>
              </div>
            );
          case 'family':
            return (
              <div key={c} role="gridcell" className={cellClass}>
                <span className="truncate">{item.family ? localName(language, item.family) : '—'}</span>
              </div>
            );
          case 'categories':
            return (
              <div key={c} role="gridcell" className={cellClass}>
                <span className="truncate">{item.categories.map((x) => localName(language, x)).join(', ') || '—'}</span>
              </div>
            );
          case 'price':
            return (
              <div key={c} role="gridcell" className={`${cellClass} justify-end tabular-nums`}>
                {formatMoney(item.priceMinor, currency, language)}
              </div>
            );
          case 'completeness':
            return (
              <div key={c} role="gridcell" className={cellClass}>
                <CompletenessBar score={item.completenessScore} />
              </div>
            );
          case 'variants':
            return (
              <div key={c} role="gridcell" className={`${cellClass} justify-end tabular-nums`}>
                {item.variantCount}
              </div>
            );
          case 'updated':
            return (
              <div key={c} role="gridcell" className={`${cellClass} text-xs text-muted-foreground`}>
                {formatDate(item.updatedAt, language)}
              </div>
            );
        }
      })}
    </div>
  );
});

interface GridProps {
  items: ProductListItem[];
  columns: ProductListColumn[];
  sort: ProductSort | undefined;
  onSort: (sort: ProductSort) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  hasNextPage: boolean;
  fetchingNext: boolean;
  fetchNext: () => void;
  currency: FormOptions['currency'] | undefined;
}

/**
 * The product grid: rows are virtualised (fixed height, only the visible ones plus a small overscan are
 * mounted) and the next keyset page is fetched when the end of what is loaded comes into view.
 */
export function ProductsGrid({
  items,
  columns,
  sort,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  hasNextPage,
  fetchingNext,
  fetchNext,
  currency,
}: GridProps) {
  const { t, language } = useI18n();
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { search: listSearch } = useLocation();
  const onOpen = useCallback((id: string) => navigate(`/products/${id}`, { state: { list: listSearch } }), [navigate, listSearch]);
  const phone = usePhone();
  const shown = phone ? PHONE_COLUMNS : columns;
  const count = items.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    useFlushSync: false,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const last = virtualItems[virtualItems.length - 1];
  useEffect(() => {
    if (last && last.index >= items.length - 20 && hasNextPage && !fetchingNext) fetchNext();
  }, [last, items.length, hasNextPage, fetchingNext, fetchNext]);

  const template = phone
    ? `${WIDTH.select} minmax(0,1fr) ${WIDTH.status}`
    : ['select', ...(columns.includes('image') ? ['image'] : []), 'sku', 'name', ...columns.filter((c) => c !== 'image')]
        .map((c) => WIDTH[c as keyof typeof WIDTH])
        .join(' ');
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));

  const header = (key: 'sku' | 'name' | ProductListColumn, label: string) => {
    const pair = SORTABLE[key];
    const active = pair && (sort === pair[0] || sort === pair[1]) ? sort : undefined;
    const dir = active ? (active.endsWith('_asc') ? 'ascending' : 'descending') : undefined;
    return (
      <div
        key={key}
        role="columnheader"
        aria-sort={dir ?? (pair ? 'none' : undefined)}
        className={`${cellClass} font-medium text-muted-foreground`}
      >
        {pair ? (
          <button
            type="button"
            className="inline-flex min-w-0 items-center gap-1 rounded hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onSort(active === pair[0] && pair[0] !== pair[1] ? pair[1] : pair[0])}
            title={t('products.list.sortBy', { column: label })}
          >
            <span className="truncate">{label}</span>
            {dir === 'ascending' && <ArrowUp className="size-3" aria-hidden />}
            {dir === 'descending' && <ArrowDown className="size-3" aria-hidden />}
          </button>
        ) : (
          <span className={key === 'image' ? 'sr-only' : 'truncate'}>{label}</span>
        )}
      </div>
    );
  };

  return (
    <div
      ref={scrollRef}
      className="h-[calc(100dvh-19rem)] min-h-80 overflow-auto rounded-lg border bg-card"
      role="grid"
      aria-label={t('products.list.gridLabel')}
      aria-rowcount={hasNextPage ? -1 : items.length + 1}
      aria-multiselectable
      data-testid="products-grid"
    >
      <div className={phone ? 'min-w-0' : 'min-w-max'}>
        <div role="rowgroup" className="sticky top-0 z-10 border-b bg-card">
          <div role="row" aria-rowindex={1} className="grid h-10" style={{ gridTemplateColumns: template }}>
            <div role="columnheader" className={cellClass}>
              <input
                type="checkbox"
                className="size-4"
                checked={allSelected}
                onChange={onToggleAll}
                aria-label={t('products.list.selectAll')}
              />
            </div>
            {shown.includes('image') && header('image', t('products.column.image'))}
            {!phone && header('sku', t('products.column.sku'))}
            {header('name', t('products.column.name'))}
            {shown.filter((c) => c !== 'image').map((c) => header(c, t(`products.column.${c}`)))}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), contain: 'layout paint style' }}>
          {virtualItems.map((v) => {
            const item = items[v.index];
            if (!item) return <GridLoaderRow key="loader" start={v.start} height={ROW_HEIGHT} label={t('products.list.loadingMore')} />;
            return (
              <ProductRow
                key={item.id}
                item={item}
                index={v.index}
                start={v.start}
                columns={shown}
                template={template}
                selected={selected.has(item.id)}
                onToggle={onToggle}
                language={language}
                currency={currency}
                t={t}
                listSearch={listSearch}
                onOpen={onOpen}
                phone={phone}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
