import { useI18n } from '../../../app/i18n/i18n-provider';
import { useBrands, type Brand, localName } from '../catalog/catalog-api';
import { nameFields } from '../catalog/catalog-form-dialog';
import { CatalogListTab, str } from '../catalog/catalog-list-tab';
import { Badge } from '../catalog/catalog-table';

/** Brands products can carry: code, names in both languages, description, website, active or not. */
export function BrandsTab() {
  const { t, language } = useI18n();
  const query = useBrands();
  return (
    <CatalogListTab<Brand>
      resource="brands"
      keys="catalog.brands"
      query={query}
      columns={[
        { header: t('catalog.field.code'), cell: (b) => b.code, ltr: true },
        { header: t('catalog.field.name'), cell: (b) => localName(language, b) },
        {
          header: t('catalog.field.website'),
          cell: (b) =>
            b.website ? (
              <a className="text-primary underline" href={b.website} target="_blank" rel="noreferrer">
                {b.website}
              </a>
            ) : (
              '—'
            ),
          ltr: true,
        },
        { header: t('catalog.field.status'), cell: (b) => <Badge>{t(b.isActive ? 'catalog.active' : 'catalog.inactive')}</Badge> },
      ]}
      fields={[
        ...nameFields(t),
        { name: 'website', label: t('catalog.field.website'), dir: 'ltr', maxLength: 500, hint: t('catalog.field.websiteHint') },
        { name: 'descriptionEn', label: t('catalog.field.descriptionEn'), type: 'textarea', dir: 'ltr' },
        { name: 'descriptionAr', label: t('catalog.field.descriptionAr'), type: 'textarea', dir: 'rtl' },
        { name: 'isActive', label: t('catalog.active'), type: 'checkbox' },
      ]}
      initial={(b) => ({
        code: b?.code ?? '',
        nameEn: b?.nameEn ?? '',
        nameAr: b?.nameAr ?? '',
        website: b?.website ?? '',
        descriptionEn: b?.descriptionEn ?? '',
        descriptionAr: b?.descriptionAr ?? '',
        isActive: b?.isActive ?? true,
      })}
      toBody={(v) => {
        const website = str(v, 'website');
        if (website && !/^https?:\/\/\S+$/i.test(website)) return { errors: { website: t('catalog.error.website') } };
        return {
          body: {
            code: str(v, 'code'),
            nameEn: str(v, 'nameEn'),
            nameAr: str(v, 'nameAr'),
            website: website || null,
            descriptionEn: str(v, 'descriptionEn') || null,
            descriptionAr: str(v, 'descriptionAr') || null,
            isActive: v.isActive === true,
          },
        };
      }}
    />
  );
}
