import { BASE_RATE_MICROS as MICROS, MAX_RATE_MICROS } from '@market/contracts/plain';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useCurrencies, type Currency, localName } from '../catalog/catalog-api';
import { nameFields, type FormResult } from '../catalog/catalog-form-dialog';
import { CatalogListTab, str } from '../catalog/catalog-list-tab';
import { Badge } from '../catalog/catalog-table';

/** "3.6725" → 3672500; rates are exchanged as integers so no float drift reaches the server. */
export function parseRate(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  const micros = Number(m[1]) * MICROS + Number((m[2] ?? '').padEnd(6, '0'));
  return micros >= 1 && micros <= MAX_RATE_MICROS ? micros : null;
}
const formatRate = (micros: number) => (micros / MICROS).toFixed(6).replace(/\.?0+$/, '');

/** Currencies prices can be given in; one is the base and the others carry a rate against it. */
export function CurrenciesTab() {
  const { t, language } = useI18n();
  const query = useCurrencies();
  const base = query.data?.find((c) => c.isBase);
  return (
    <CatalogListTab<Currency>
      resource="currencies"
      keys="catalog.currencies"
      query={query}
      deleteConflict={t('catalog.currencies.error.deleteBase')}
      columns={[
        {
          header: t('catalog.field.code'),
          cell: (c) => (
            <span className="flex items-center gap-2">
              {c.code}
              {c.isBase && <Badge>{t('catalog.currencies.base')}</Badge>}
            </span>
          ),
          ltr: true,
        },
        { header: t('catalog.field.name'), cell: (c) => localName(language, c) },
        { header: t('catalog.field.symbol'), cell: (c) => c.symbol },
        { header: t('catalog.field.minorDigits'), cell: (c) => c.minorDigits, ltr: true },
        {
          header: t('catalog.field.rate'),
          cell: (c) => (base ? `1 ${base.code} = ${formatRate(c.rateMicros)} ${c.code}` : formatRate(c.rateMicros)),
          ltr: true,
        },
        { header: t('catalog.field.status'), cell: (c) => <Badge>{t(c.isActive ? 'catalog.active' : 'catalog.inactive')}</Badge> },
      ]}
      fields={[
        { ...nameFields(t)[0]!, hint: t('catalog.currencies.codeHint'), maxLength: 3 },
        ...nameFields(t).slice(1),
        { name: 'symbol', label: t('catalog.field.symbol'), required: true, maxLength: 10 },
        {
          name: 'minorDigits',
          label: t('catalog.field.minorDigits'),
          type: 'select',
          options: ['0', '1', '2', '3', '4'].map((d) => ({ value: d, label: d })),
        },
        {
          name: 'rateMicros',
          label: t('catalog.field.rate'),
          dir: 'ltr',
          hint: t('catalog.currencies.rateHint', { base: base?.code ?? '—' }),
          maxLength: 11,
        },
        { name: 'isBase', label: t('catalog.currencies.makeBase'), type: 'checkbox' },
        { name: 'isActive', label: t('catalog.active'), type: 'checkbox' },
      ]}
      initial={(c) => ({
        code: c?.code ?? '',
        nameEn: c?.nameEn ?? '',
        nameAr: c?.nameAr ?? '',
        symbol: c?.symbol ?? '',
        minorDigits: String(c?.minorDigits ?? 2),
        rateMicros: formatRate(c?.rateMicros ?? MICROS),
        // Ticked for a first currency only once the list is known: a form opened while it loads must not
        // silently move the base (the server makes a first currency the base anyway).
        isBase: c?.isBase ?? (query.data !== undefined && !base),
        isActive: c?.isActive ?? true,
      })}
      toBody={(v, row): FormResult => {
        const code = str(v, 'code').toUpperCase();
        if (!/^[A-Z]{3}$/.test(code)) return { errors: { code: t('catalog.currencies.error.code') } };
        const rateMicros = parseRate(str(v, 'rateMicros'));
        if (rateMicros === null) return { errors: { rateMicros: t('catalog.currencies.error.rate') } };
        const body: Record<string, unknown> = {
          code,
          nameEn: str(v, 'nameEn'),
          nameAr: str(v, 'nameAr'),
          symbol: str(v, 'symbol'),
          minorDigits: Number(v.minorDigits),
          isActive: v.isActive === true,
        };
        // The base's rate is fixed at 1; the server re-expresses the others when the base changes.
        // A first currency becomes the base at rate 1, so its rate is not sent.
        const makingBase = v.isBase === true && !row?.isBase;
        if (!row?.isBase && !(makingBase && !base)) body.rateMicros = rateMicros;
        if (makingBase) body.isBase = true;
        return { body };
      }}
    />
  );
}
