import { useI18n } from '../../../app/i18n/i18n-provider';
import { useTaxClasses, type TaxClass, localName } from '../catalog/catalog-api';
import { nameFields } from '../catalog/catalog-form-dialog';
import { CatalogListTab, str } from '../catalog/catalog-list-tab';
import { Badge } from '../catalog/catalog-table';
import { TaxRatesPanel } from '../catalog/tax-rates-panel';

/** Tax classes products belong to, each with its rates (percent, optionally per country); at most one is the default. */
export function TaxClassesTab() {
  const { t, language } = useI18n();
  const query = useTaxClasses();
  return (
    <CatalogListTab<TaxClass>
      resource="taxClasses"
      keys="catalog.taxClasses"
      query={query}
      columns={[
        { header: t('catalog.field.code'), cell: (c) => c.code, ltr: true },
        {
          header: t('catalog.field.name'),
          // The class's rates sit under its name.
          cell: (c) => (
            <div className="flex flex-col gap-2">
              <span className="flex items-center gap-2">
                {localName(language, c)}
                {c.isDefault && <Badge>{t('catalog.taxClasses.default')}</Badge>}
              </span>
              <TaxRatesPanel taxClass={c} />
            </div>
          ),
        },
      ]}
      fields={[...nameFields(t), { name: 'isDefault', label: t('catalog.taxClasses.makeDefault'), type: 'checkbox' }]}
      initial={(c) => ({ code: c?.code ?? '', nameEn: c?.nameEn ?? '', nameAr: c?.nameAr ?? '', isDefault: c?.isDefault ?? false })}
      toBody={(v) => ({
        body: { code: str(v, 'code'), nameEn: str(v, 'nameEn'), nameAr: str(v, 'nameAr'), isDefault: v.isDefault === true },
      })}
    />
  );
}
