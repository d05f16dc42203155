import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { catalogErrorWords, localName, useDeleteTaxRate, useSaveTaxRate, type TaxClass, type TaxRate } from './catalog-api';
import { CatalogFormDialog, type FormResult, type FormValues } from './catalog-form-dialog';

/** "5" or "12.5" (percent) → basis points; null when it is not a percent between 0 and 100 with at most two decimals. */
export function percentToBasisPoints(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10000 ? bp : null;
}
export const basisPointsToPercent = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');

/** The rates of one tax class, shown as percent, with add, edit and delete. */
export function TaxRatesPanel({ taxClass }: { taxClass: TaxClass }) {
  const { t, language } = useI18n();
  const save = useSaveTaxRate();
  const remove = useDeleteTaxRate();
  const [editing, setEditing] = useState<{ open: boolean; rate: TaxRate | null }>({ open: false, rate: null });
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const open = (rate: TaxRate | null) => (save.reset(), setEditing({ open: true, rate }));
  const toBody = (v: FormValues): FormResult => {
    const rateBasisPoints = percentToBasisPoints(String(v.rateBasisPoints ?? ''));
    if (rateBasisPoints === null) return { errors: { rateBasisPoints: t('catalog.taxRates.error.percent') } };
    const country = String(v.country ?? '')
      .trim()
      .toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country)) return { errors: { country: t('catalog.taxRates.error.country') } };
    return { body: { nameEn: String(v.nameEn).trim(), nameAr: String(v.nameAr).trim(), rateBasisPoints, country: country || null } };
  };

  return (
    <div className="rounded-md bg-muted/40 p-2" data-testid={`tax-rates-${taxClass.code}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-muted-foreground">{t('catalog.taxRates.title')}</span>
        {taxClass.rates.length === 0 && <span className="text-xs text-muted-foreground">{t('catalog.taxRates.empty')}</span>}
        {taxClass.rates.map((r) => (
          <span key={r.id} className="flex items-center gap-1 rounded border bg-background ps-2 text-xs" data-testid={`tax-rate-${r.id}`}>
            {localName(language, r)} · <bdi dir="ltr">{basisPointsToPercent(r.rateBasisPoints)}%</bdi>
            {r.country && <span className="text-muted-foreground"> ({r.country})</span>}
            <Button variant="ghost" size="sm" className="h-6 px-1" aria-label={t('catalog.taxRates.edit')} onClick={() => open(r)}>
              <Pencil className="size-3" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-6 px-1"
              aria-label={t('catalog.taxRates.delete')}
              onClick={() => (remove.reset(), setDeleting(r))}
            >
              <Trash2 className="size-3" aria-hidden />
            </Button>
          </span>
        ))}
        <Button variant="outline" size="sm" className="h-7" onClick={() => open(null)} data-testid={`tax-rate-add-${taxClass.code}`}>
          <Plus className="size-3" aria-hidden />
          {t('catalog.taxRates.add')}
        </Button>
      </div>
      <CatalogFormDialog
        open={editing.open}
        onOpenChange={(o) => setEditing((e) => ({ ...e, open: o }))}
        title={t(editing.rate ? 'catalog.taxRates.editTitle' : 'catalog.taxRates.createTitle', { code: taxClass.code })}
        testId="tax-rate-form"
        fields={[
          { name: 'nameEn', label: t('catalog.field.nameEn'), dir: 'ltr', required: true },
          { name: 'nameAr', label: t('catalog.field.nameAr'), dir: 'rtl', required: true },
          {
            name: 'rateBasisPoints',
            label: t('catalog.taxRates.percent'),
            dir: 'ltr',
            required: true,
            maxLength: 6,
            hint: t('catalog.taxRates.percentHint'),
          },
          { name: 'country', label: t('catalog.taxRates.country'), dir: 'ltr', maxLength: 2, hint: t('catalog.taxRates.countryHint') },
        ]}
        initial={{
          nameEn: editing.rate?.nameEn ?? '',
          nameAr: editing.rate?.nameAr ?? '',
          rateBasisPoints: editing.rate ? basisPointsToPercent(editing.rate.rateBasisPoints) : '',
          country: editing.rate?.country ?? '',
        }}
        toBody={toBody}
        pending={save.isPending}
        error={save.error}
        onSubmit={(body) =>
          save.mutate(
            { id: editing.rate?.id, classId: taxClass.id, body, expectedUpdatedAt: editing.rate?.updatedAt },
            { onSuccess: () => (toast.success(t('catalog.taxRates.saved')), setEditing((e) => ({ ...e, open: false }))) },
          )
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('catalog.taxRates.deleteTitle')}
        message={
          deleting
            ? t('catalog.taxRates.deleteConfirm', {
                name: localName(language, deleting),
                percent: basisPointsToPercent(deleting.rateBasisPoints),
              })
            : ''
        }
        confirmLabel={t('catalog.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error, catalogErrorWords(t)) : null}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => (toast.success(t('catalog.taxRates.deleted')), setDeleting(null)) })
        }
      />
    </div>
  );
}
