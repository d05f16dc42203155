import { Trash2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { column, DataTable, type ColumnDef } from '../../components/data-table';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { GenerateVariantsDialog } from './generate-variants-dialog';
import { axisLabel, cellText, displayCell, EDIT_FIELDS, FIELD_LABEL_KEY, localName, parseCell, type EditField } from './variant-format';
import {
  useDeleteVariant,
  useProductVariants,
  useUpdateVariant,
  useVariantFormOptions,
  useVariantProduct,
  type Variant,
} from './variants-api';

/** The variants section of the product details page (owned by the variants area). */
export function ProductVariantsSection({ productId }: { productId: string }) {
  const { t, language } = useI18n();
  const product = useVariantProduct(productId);
  const options = useVariantFormOptions();
  const variants = useProductVariants(productId);
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<Variant | null>(null);
  const remove = useDeleteVariant(productId);

  const family = options.data?.families.find((f) => f.id === product.data?.familyId);
  const candidates = family?.attributes.filter((a) => a.type === 'single_select') ?? [];
  const items = variants.data ?? [];
  const axisNames = (product.data?.variantAxes ?? [])
    .map((id) => candidates.find((c) => c.id === id))
    .filter((a) => a !== undefined)
    .map((a) => localName(language, a));
  const currency = options.data?.currency ?? null;
  const columns: ColumnDef<Variant>[] = [
    column({ id: 'axes', header: t('variants.column.axes'), cell: (v) => axisLabel(language, v.axes) }),
    column({
      id: 'sku',
      header: t('variants.column.sku'),
      cellClassName: 'font-mono text-xs',
      cellProps: { dir: 'ltr' },
      cell: (v) => v.sku,
    }),
    ...EDIT_FIELDS.map((f) =>
      column<Variant>({
        id: f,
        header: t(FIELD_LABEL_KEY[f]),
        cell: (v) => (
          <InlineCell variant={v} field={f} digits={currency?.minorDigits ?? 2} display={displayCell(v, f, currency, language)} />
        ),
      }),
    ),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('variants.column.actions')}</span>,
      align: 'end',
      cell: (v) => (
        <Button variant="ghost" size="icon" aria-label={t('variants.delete', { sku: v.sku })} onClick={() => setDeleting(v)}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      ),
    }),
  ];

  return (
    <div className="flex flex-col gap-3" data-testid="product-variants-section">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-muted-foreground">{t('variants.section.count', { count: items.length })}</span>
        {axisNames.length > 0 && (
          <span className="text-sm text-muted-foreground">{t('variants.section.axes', { axes: axisNames.join(', ') })}</span>
        )}
        <div className="ms-auto flex gap-2">
          <Link to={`/product-variants?productId=${productId}`} className="text-sm text-primary hover:underline">
            {t('variants.section.openGrid')}
          </Link>
          <Button size="sm" onClick={() => setGenerating(true)} disabled={!family}>
            <Wand2 className="size-4" aria-hidden />
            {t('variants.generate.open')}
          </Button>
        </div>
      </div>
      {product.data && !product.data.familyId && <p className="text-sm text-muted-foreground">{t('variants.section.noFamily')}</p>}
      <ListState
        loading={variants.isPending}
        error={variants.error}
        empty={items.length === 0}
        loadingLabel={t('variants.loading')}
        errorLabel={t('variants.loadFailed')}
        retryLabel={t('variants.retry')}
        onRetry={() => void variants.refetch()}
        emptyContent={t('variants.section.empty')}
      />
      <DataTable
        columns={columns}
        data={items}
        label={t('variants.section.tableLabel')}
        rowProps={() => ({ 'data-testid': 'variant-row' })}
      />
      {generating && (
        <GenerateVariantsDialog
          open
          onOpenChange={setGenerating}
          productId={productId}
          candidates={candidates}
          currentAxes={product.data?.variantAxes ?? []}
          locked={items.length > 0 && (product.data?.variantAxes.length ?? 0) > 0}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('variants.deleteTitle')}
        message={t('variants.deleteMessage', { sku: deleting?.sku ?? '' })}
        confirmLabel={t('variants.deleteConfirm')}
        cancelLabel={t('variants.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('variants.deleted'));
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}

/** A cell that turns into an input on click; Enter or leaving saves, Escape cancels. */
function InlineCell({ variant, field, digits, display }: { variant: Variant; field: EditField; digits: number; display: string }) {
  const { t } = useI18n();
  const update = useUpdateVariant();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = `${t(FIELD_LABEL_KEY[field])} ${variant.sku}`;
  const commit = () => {
    if (text === null) return;
    if (text === cellText(variant, field, digits)) return setText(null);
    const parsed = parseCell(field, text, digits);
    if (!parsed.ok) return setError(t(parsed.error));
    update.mutate(
      { id: variant.id, body: { [field]: parsed.value }, expectedUpdatedAt: variant.updatedAt },
      {
        onSuccess: () => {
          setText(null);
          setError(null);
          toast.success(t('variants.saved'));
        },
        onError: (err) => setError(errorMessage(t, err, { label: () => null, network: t('variants.saveFailed') })),
      },
    );
  };
  if (text === null)
    return (
      <button
        type="button"
        className="w-full rounded px-2 py-1 text-start tabular-nums hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={t('variants.edit', { sku: label })}
        onClick={() => setText(cellText(variant, field, digits))}
      >
        {display}
      </button>
    );
  return (
    <span className="flex flex-col">
      <input
        autoFocus
        dir="ltr"
        className="h-8 w-28 rounded border bg-background px-2 text-sm aria-[invalid=true]:border-destructive"
        aria-label={label}
        aria-invalid={!!error}
        value={text}
        disabled={update.isPending}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            setText(null);
            setError(null);
          }
        }}
      />
      {error && <span className="text-xs text-destructive">{error}</span>}
    </span>
  );
}
