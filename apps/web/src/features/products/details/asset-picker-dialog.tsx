import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useAssetOptions, type AssetOption } from '../products-api';

/** Picks files of the asset library (searched by name, alt text or tag); `multiple` allows several. */
export function AssetPickerDialog({
  open,
  onOpenChange,
  onPick,
  exclude = [],
  multiple,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onPick: (assets: AssetOption[]) => void;
  exclude?: string[];
  multiple?: boolean;
}) {
  const { t, language } = useI18n();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  const [chosen, setChosen] = useState<AssetOption[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  useEffect(() => {
    if (!open) setChosen([]);
  }, [open]);
  const assets = useAssetOptions(debounced, open);
  const rows = (assets.data ?? []).filter((a) => !exclude.includes(a.id));
  const toggle = (a: AssetOption) => {
    if (!multiple) return setChosen([a]);
    setChosen((c) => (c.some((x) => x.id === a.id) ? c.filter((x) => x.id !== a.id) : [...c, a]));
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t('products.media.pickTitle')}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('products.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              onPick(chosen);
              onOpenChange(false);
            }}
          >
            {t('products.media.useChosen', { count: chosen.length })}
          </Button>
        </>
      }
    >
      <input
        type="search"
        dir="auto"
        className="mb-3 h-9 w-full rounded-md border bg-background px-3 text-sm"
        placeholder={t('products.media.search')}
        aria-label={t('products.media.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {assets.isPending || assets.error || rows.length === 0 ? (
        <ListState
          loading={assets.isPending}
          error={assets.error}
          empty={rows.length === 0}
          loadingLabel={t('products.loading')}
          errorLabel={t('products.media.loadFailed')}
          retryLabel={t('products.retry')}
          onRetry={() => void assets.refetch()}
          emptyContent={t('products.media.noAssets')}
        />
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {rows.map((a) => {
            const on = chosen.some((x) => x.id === a.id);
            const alt = (language === 'ar' ? a.altAr : a.altEn) || a.fileName;
            return (
              <li key={a.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(a)}
                  className="flex w-full flex-col gap-1 rounded-md border p-1 text-start text-xs hover:bg-accent aria-pressed:border-primary aria-pressed:ring-2 aria-pressed:ring-primary"
                >
                  {a.thumbnailUrl ? (
                    <img src={a.thumbnailUrl} alt={alt} loading="lazy" className="aspect-square w-full rounded object-cover" />
                  ) : (
                    <span className="flex aspect-square w-full items-center justify-center rounded bg-muted">
                      <FileText className="size-6" aria-hidden />
                    </span>
                  )}
                  <span className="truncate">{a.fileName}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </FormDialog>
  );
}
