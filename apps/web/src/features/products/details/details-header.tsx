import { ArrowLeft, Save, Trash2, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { localName } from '../format';
import { useBackToList } from '../list/list-location';
import { StatusBadge } from '../list/product-badges';
import type { Product } from '../products-api';
import { SECTIONS } from './section';

/** The sticky bar of the details page: name, SKU, status, Save / Discard / Delete, and the section nav. */
export function DetailsHeader({
  product,
  dirty,
  saving,
  onSave,
  onDiscard,
  onDelete,
}: {
  product: Product;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onDelete: () => void;
}) {
  const { t, language } = useI18n();
  const back = useBackToList();
  return (
    <div className="sticky top-14 z-20 -mx-4 flex flex-col gap-2 border-b bg-background/95 px-4 py-2 backdrop-blur md:-mx-6 md:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={back} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('route.products')}
        </Link>
        <h1 className="min-w-0 truncate text-xl font-semibold" dir="auto">
          {localName(language, product) || product.sku}
        </h1>
        <span className="font-mono text-xs text-muted-foreground" dir="ltr">
          {product.sku}
        </span>
        <StatusBadge status={product.status} label={t(`products.status.${product.status}`)} />
        <span className="text-xs text-muted-foreground" data-testid="product-version">
          {t('products.details.version', { version: product.version })}
        </span>
        <div className="ms-auto flex flex-wrap items-center gap-2">
          {dirty && (
            <span className="text-xs font-medium text-amber-700 dark:text-amber-300" role="status">
              {t('products.details.unsaved')}
            </span>
          )}
          <Button size="sm" variant="ghost" onClick={onDiscard} disabled={!dirty || saving}>
            <Undo2 className="size-3.5" aria-hidden />
            {t('products.details.discard')}
          </Button>
          <Button size="sm" onClick={onSave} disabled={!dirty || saving}>
            <Save className="size-3.5" aria-hidden />
            {saving ? t('products.saving') : t('products.save')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onDelete}
            aria-label={t('products.details.delete')}
            title={t('products.details.delete')}
          >
            <Trash2 className="size-3.5" aria-hidden />
          </Button>
        </div>
      </div>
      <nav aria-label={t('products.details.sections')} className="-mb-2 flex gap-1 overflow-x-auto">
        {SECTIONS.map((s) => (
          <a
            key={s}
            href={`#section-${s}`}
            className="shrink-0 rounded-t-md border-b-2 border-transparent px-2 py-1 text-sm text-muted-foreground hover:border-primary hover:text-foreground"
            onClick={(e) => {
              e.preventDefault();
              document.getElementById(`section-${s}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          >
            {t(`products.section.${s}`)}
          </a>
        ))}
      </nav>
    </div>
  );
}
