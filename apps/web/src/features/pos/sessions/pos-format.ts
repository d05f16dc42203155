import { dateTimeFormat, formatNumber } from '../../../app/i18n/locale-format';
import { formatMoney, useBaseCurrency } from '../../payment-management';

/** A moment (ISO timestamp) as date and time in the language, Western digits (decision 013). */
export function formatMoment(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A tax rate in basis points as a percentage ("16%", "7.5%"). */
export const formatRate = (basisPoints: number, language: string) =>
  `${formatNumber(basisPoints / 100, language, { maximumFractionDigits: 2 })}%`;

/** The organization's base currency and a formatter of minor units in it, for the screen's language. */
export function useMoney(language: string) {
  const currency = useBaseCurrency();
  const code = currency.data ?? null;
  return { code, money: (minor: number) => formatMoney(minor, code, language) };
}

/** A name in the language: the Arabic one when reading Arabic and there is one. */
export const localName = (language: string, en: string | null | undefined, ar: string | null | undefined) =>
  (language === 'ar' && ar ? ar : en) ?? '';
