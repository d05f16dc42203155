import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { ApiError } from '../../lib/api';
import { errorMessage, fieldErrors, hasFieldErrors } from '../../lib/api-errors';
import { isStaleWrite } from '../../lib/stale-write';
import { useI18n } from '../../app/i18n/i18n-provider';
import { ProductVariantsSection } from '../product-variants';
import { AttributesSection } from './details/attributes-section';
import { CompletenessSection } from './details/completeness-section';
import { DetailsHeader } from './details/details-header';
import { GeneralSection } from './details/general-section';
import { HistorySection } from './details/history-section';
import { MediaSection } from './details/media-section';
import { PricingSection } from './details/pricing-section';
import { DetailsSection, focusField } from './details/section';
import { useProductDraft } from './details/use-product-draft';
import { useDraftUploads } from './details/use-draft-uploads';
import { useBackToList } from './list/list-location';
import { useUnsavedGuard } from './details/use-unsaved-guard';
import { useDeleteProduct, useFormOptions, useProduct, useUpdateProduct, type FormOptions, type Product } from './products-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function NotFound() {
  const { t } = useI18n();
  const back = useBackToList();
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border p-8 text-center"
      data-testid="product-not-found"
    >
      <h1 className="text-xl font-semibold">{t('products.details.notFound')}</h1>
      <p className="text-sm text-muted-foreground">{t('products.details.notFoundHint')}</p>
      <Link to={back} className="text-sm font-medium text-primary hover:underline">
        {t('products.details.backToList')}
      </Link>
    </div>
  );
}

/** Anchor of the field a server error names, to scroll to it. */
function anchorOf(field: string): string | null {
  if (field.startsWith('values.')) return `pf-attr-${field.slice(7)}`;
  const map: Record<string, string> = {
    sku: 'pf-sku',
    nameEn: 'pf-name-en',
    nameAr: 'pf-name-ar',
    descriptionEn: 'pf-description-en',
    descriptionAr: 'pf-description-ar',
    priceMinor: 'pf-price',
    status: 'pf-status',
  };
  return map[field] ?? null;
}

function ProductEditor({
  product,
  options,
  onReload,
}: {
  product: Product;
  options: FormOptions;
  onReload: () => Promise<Product | undefined>;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const back = useBackToList();
  const digits = options.currency?.minorDigits ?? 2;
  const { draft, base, set, setValue, reset, body, priceError, dirty } = useProductDraft(product, digits);
  const update = useUpdateProduct(product.id);
  const remove = useDeleteProduct();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState(false);
  const { blocker, allow } = useUnsavedGuard(dirty);
  const mediaNames = useMemo(() => new Map(product.media.map((m) => [m.assetId, m.fileName])), [product.media]);
  const uploads = useDraftUploads(base?.media.map((m) => m.assetId) ?? []);

  if (!draft || !base) return <PageSkeleton label={t('products.loading')} />;

  const reload = async () => {
    const fresh = await onReload();
    if (fresh) reset(fresh);
    setErrors({});
  };

  const save = () => {
    if (priceError) {
      focusField('pf-price');
      return toast.error(t('products.error.price', { digits }));
    }
    if (!draft.nameEn.trim()) {
      setErrors({ nameEn: t('products.error.required') });
      focusField('pf-name-en');
      return;
    }
    update.mutate(
      { ...body, expectedVersion: base.version },
      {
        onSuccess: (p) => {
          reset(p);
          uploads.settle(p.media.map((m) => m.assetId));
          setErrors({});
          toast.success(t('products.toast.saved', { version: p.version }));
        },
        onError: (e) => {
          if (isStaleWrite(e)) {
            toast.error(t('products.error.conflict'), {
              duration: 15_000,
              action: { label: t('products.details.reload'), onClick: () => void reload() },
            });
            return;
          }
          if (e instanceof ApiError && e.status === 409 && hasFieldErrors(e, ['sku'])) {
            setErrors({ sku: t('products.error.skuTaken') });
            focusField('pf-sku');
            return;
          }
          if (hasFieldErrors(e)) {
            const next = fieldErrors(e);
            setErrors(next);
            const first = Object.keys(next).map(anchorOf).find(Boolean);
            if (first) focusField(first);
            toast.error(t('products.error.fixFields'));
            return;
          }
          toast.error(t('products.error.saveFailed'), { description: errorMessage(t, e) });
        },
      },
    );
  };

  return (
    <section className="flex min-w-0 flex-col gap-4">
      <DetailsHeader
        product={product}
        dirty={dirty}
        saving={update.isPending}
        onSave={save}
        onDiscard={() => {
          reset(base);
          uploads.settle(base.media.map((m) => m.assetId));
        }}
        onDelete={() => setDeleting(true)}
      />
      <form
        className="flex min-w-0 flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <GeneralSection draft={draft} set={set} options={options} errors={errors} />
        <PricingSection draft={draft} set={set} options={options} errors={errors} priceError={priceError} />
        <AttributesSection
          draft={draft}
          setValue={setValue}
          options={options}
          errors={errors}
          mediaNames={mediaNames}
          variantAxes={product.variantAxes}
        />
        <MediaSection
          media={draft.media}
          onChange={(m) => set('media', m)}
          onUploaded={uploads.track}
          error={Object.entries(errors).find(([k]) => k.startsWith('mediaAssetIds'))?.[1]}
        />
      </form>
      <DetailsSection id="variants" title={t('products.section.variants')}>
        <ProductVariantsSection productId={product.id} />
      </DetailsSection>
      <CompletenessSection product={product} options={options} />
      <HistorySection product={product} options={options} dirty={dirty} onRestored={reset} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('products.details.deleteTitle')}
        message={t('products.details.deleteMessage', { sku: product.sku })}
        confirmLabel={t('products.delete')}
        cancelLabel={t('products.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={() =>
          remove.mutate(product.id, {
            onSuccess: () => {
              toast.success(t('products.toast.deleted', { sku: product.sku }));
              allow();
              navigate(back);
            },
          })
        }
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(o) => !o && blocker.state === 'blocked' && blocker.reset()}
        title={t('products.details.leaveTitle')}
        message={t('products.details.leaveMessage')}
        confirmLabel={t('products.details.leave')}
        cancelLabel={t('products.details.stay')}
        onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </section>
  );
}

/** Product details (/products/:id): a stack of sections with one Save for the editable ones. */
export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const valid = UUID.test(id);
  const product = useProduct(id, valid);
  const options = useFormOptions();
  if (!valid || (product.error instanceof ApiError && product.error.status === 404)) return <NotFound />;
  if (product.isPending || options.isPending) return <PageSkeleton label={t('products.loading')} />;
  if (product.error || options.error || !product.data || !options.data)
    return (
      <ListState
        loading={false}
        error={product.error ?? options.error}
        empty={false}
        loadingLabel=""
        errorLabel={t('products.details.loadFailed')}
        retryLabel={t('products.retry')}
        onRetry={() => {
          void product.refetch();
          void options.refetch();
        }}
        emptyContent={null}
      />
    );
  return <ProductEditor key={id} product={product.data} options={options.data} onReload={() => product.refetch().then((r) => r.data)} />;
}
