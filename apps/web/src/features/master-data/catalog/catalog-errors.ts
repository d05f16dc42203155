import { ApiError } from '../../../lib/api';

type T = (key: string, vars?: Record<string, string | number>) => string;

// Rules the server names by field, in the reader's language; other messages keep the server's words.
const FIELD_RULES: Record<string, string> = {
  parentId: 'catalog.error.parent',
  rateMicros: 'catalog.currencies.error.baseRate',
  isBase: 'catalog.currencies.error.keepBase',
  isActive: 'catalog.currencies.error.baseActive',
};

function fieldWords(t: T, status: number, field: string, message: string): string {
  if (field === 'code' && status === 409) return t('catalog.error.codeTaken');
  if (/is required/.test(message)) return t('catalog.error.required');
  if (status === 422 && FIELD_RULES[field] && !/must be|at most|more than/.test(message)) return t(FIELD_RULES[field]);
  return message;
}

/** The words for a field the server named, shown under that field. */
export function catalogFieldError(t: T, error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const f = error.fields.find((x) => x.field === field);
  return f ? fieldWords(t, error.status, f.field, f.message) : undefined;
}

/** A whole error in words; `conflict` says what a 409 without fields means where it happens. */
export function catalogErrorWords(t: T, error: unknown, conflict?: string): string {
  if (!(error instanceof ApiError)) return t('catalog.error.network');
  if (error.fields.length) return error.fields.map((f) => fieldWords(t, error.status, f.field, f.message)).join(' ');
  if (error.status === 409) return conflict ?? error.message;
  if (error.status === 404) return t('catalog.error.notFound');
  if (error.status === 401 || error.status === 403) return t('catalog.error.forbidden');
  return error.message || t('catalog.error.network');
}

/** The name in the reader's language (Arabic for ar, English otherwise). */
export const localName = (language: string, row: { nameEn: string; nameAr: string }) => (language === 'ar' ? row.nameAr : row.nameEn);
