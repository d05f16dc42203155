import { UNIT_KINDS } from '@market/contracts/plain';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useUnits, type Unit, localName } from '../catalog/catalog-api';
import { nameFields } from '../catalog/catalog-form-dialog';
import { CatalogListTab, str } from '../catalog/catalog-list-tab';

/** Units of measure that measurement attributes give their values in. */
export function UnitsTab() {
  const { t, language } = useI18n();
  const query = useUnits();
  return (
    <CatalogListTab<Unit>
      resource="units"
      keys="catalog.units"
      query={query}
      deleteConflict={t('catalog.units.inUse')}
      columns={[
        { header: t('catalog.field.code'), cell: (u) => u.code, ltr: true },
        { header: t('catalog.field.name'), cell: (u) => localName(language, u) },
        { header: t('catalog.field.symbol'), cell: (u) => u.symbol },
        { header: t('catalog.field.kind'), cell: (u) => t(`catalog.unitKind.${u.kind}`) },
      ]}
      fields={[
        ...nameFields(t),
        { name: 'symbol', label: t('catalog.field.symbol'), required: true, maxLength: 20 },
        {
          name: 'kind',
          label: t('catalog.field.kind'),
          type: 'select',
          options: UNIT_KINDS.map((k) => ({ value: k, label: t(`catalog.unitKind.${k}`) })),
        },
      ]}
      initial={(u) => ({
        code: u?.code ?? '',
        nameEn: u?.nameEn ?? '',
        nameAr: u?.nameAr ?? '',
        symbol: u?.symbol ?? '',
        kind: u?.kind ?? 'count',
      })}
      toBody={(v) => ({
        body: { code: str(v, 'code'), nameEn: str(v, 'nameEn'), nameAr: str(v, 'nameAr'), symbol: str(v, 'symbol'), kind: str(v, 'kind') },
      })}
    />
  );
}
