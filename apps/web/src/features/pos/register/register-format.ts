import { formatNumber } from '../../../app/i18n/locale-format';
import { toMajorInput } from '../../payment-management';

/** An item's name in the language: Arabic when the language is Arabic and the item has one, else English. */
export const nameIn = (language: string, item: { nameEn: string; nameAr: string }) =>
  language === 'ar' && item.nameAr ? item.nameAr : item.nameEn;

/** The first 8 characters of a sale's id: what a provisional receipt is known by until it has a number. */
export const shortId = (id: string) => id.slice(0, 8);

/** A rate in basis points as a percentage for reading (1600 -> 16%), Western digits. */
export const percentText = (basisPoints: number, language: string) =>
  `${formatNumber(basisPoints / 100, language, { maximumFractionDigits: 2 })}%`;

/** A percentage in basis points as typed text (1250 -> "12.5"). */
export const percentInput = (basisPoints: number) => toMajorInput(basisPoints, 2).replace(/\.?0+$/, '');
