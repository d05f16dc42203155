import { Archive, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { MAX_BULK_PRODUCTS, PRODUCT_STATUSES, type ProductStatus } from '@market/contracts/plain';
import { useBulkProducts, type BulkBody, type CategoryOption } from '../products-api';
import { CategorySelect } from './category-select';
import { ExportMenu } from './export-menu';
import { errorMessage } from '../../../lib/api-errors';

const selectClass = 'h-8 max-w-44 rounded-md border bg-background px-2 text-sm';

/** Actions on the selected products: status, categories, archive, export of the selection. */
export function BulkBar({
  ids,
  categories,
  onDone,
  onClear,
}: {
  ids: string[];
  categories: CategoryOption[];
  onDone: () => void;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const bulk = useBulkProducts();
  const [status, setStatus] = useState<ProductStatus | ''>('');
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [archiving, setArchiving] = useState(false);
  const tooMany = ids.length > MAX_BULK_PRODUCTS;

  const run = (body: Omit<BulkBody, 'ids'>, after?: () => void) =>
    bulk.mutate({ ...body, ids } as BulkBody, {
      onSuccess: (r) => {
        toast.success(t('products.bulk.done', { updated: r.updated, unchanged: r.unchanged }));
        after?.();
        onDone();
      },
      onError: (e) => toast.error(t('products.bulk.failed'), { description: errorMessage(t, e) }),
    });

  return (
    <div
      role="region"
      aria-label={t('products.bulk.label')}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-primary/5 p-2 text-sm"
    >
      <span className="font-medium" aria-live="polite">
        {t('products.bulk.selected', { count: ids.length })}
      </span>
      {tooMany && <span className="text-destructive">{t('products.bulk.tooMany', { max: MAX_BULK_PRODUCTS })}</span>}
      <select
        className={selectClass}
        aria-label={t('products.bulk.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as ProductStatus | '')}
      >
        <option value="">{t('products.bulk.chooseStatus')}</option>
        {PRODUCT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`products.status.${s}`)}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="outline"
        disabled={!status || tooMany || bulk.isPending}
        onClick={() => status && run({ action: 'set_status', status }, () => setStatus(''))}
      >
        {t('products.bulk.setStatus')}
      </Button>
      <CategorySelect
        className={selectClass}
        aria-label={t('products.bulk.category')}
        categories={categories}
        value={categoryId}
        onChange={setCategoryId}
        emptyLabel={t('products.bulk.chooseCategory')}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={!categoryId || tooMany || bulk.isPending}
        onClick={() => categoryId && run({ action: 'add_categories', categoryIds: [categoryId] })}
      >
        {t('products.bulk.addCategory')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={!categoryId || tooMany || bulk.isPending}
        onClick={() => categoryId && run({ action: 'remove_categories', categoryIds: [categoryId] })}
      >
        {t('products.bulk.removeCategory')}
      </Button>
      <Button size="sm" variant="outline" disabled={tooMany || bulk.isPending} onClick={() => setArchiving(true)}>
        <Archive className="size-3.5" aria-hidden />
        {t('products.bulk.archive')}
      </Button>
      <ExportMenu query={{}} ids={tooMany ? ids.slice(0, MAX_BULK_PRODUCTS) : ids} label={t('products.bulk.export')} />
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X className="size-3.5" aria-hidden />
        {t('products.bulk.clear')}
      </Button>
      <ConfirmDialog
        open={archiving}
        onOpenChange={setArchiving}
        title={t('products.bulk.archiveTitle')}
        message={t('products.bulk.archiveMessage', { count: ids.length })}
        confirmLabel={t('products.bulk.archive')}
        cancelLabel={t('products.cancel')}
        pending={bulk.isPending}
        onConfirm={() => run({ action: 'archive' }, () => setArchiving(false))}
      />
    </div>
  );
}
