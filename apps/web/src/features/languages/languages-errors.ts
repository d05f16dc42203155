import { ApiError } from '../../lib/api';

type T = (key: string, vars?: Record<string, string | number>) => string;

// The server's rules, in the reader's language; anything else falls back to the server's own words.
const FIELD_RULES: Record<string, string> = {
  isDefault: 'masterData.error.keepDefault',
  isActive: 'masterData.error.defaultStaysActive',
  language: 'masterData.error.unknownLanguage',
};
const FIELD_LABELS = ['code', 'name', 'nativeName', 'textDirection', 'sortOrder', 'key', 'value', 'language'];

/** The words for one field error of a 422 or 409. */
function fieldWords(t: T, status: number, field: string, message: string): string {
  if (status === 409 && field === 'code') return t('masterData.error.codeTaken');
  if (status === 409 && field === 'key') return t('masterData.error.keyTaken');
  if (field === 'code' && /cannot be changed/.test(message)) return t('masterData.error.codeFixed');
  if (field === 'code') return t('masterData.error.codeInvalid');
  if (FIELD_RULES[field]) return t(FIELD_RULES[field]);
  if (/is required/.test(message)) return t('masterData.error.required');
  const label = FIELD_LABELS.includes(field) ? t(`masterData.field.${field}`) : field;
  return `${label}: ${message}`;
}

/** The message of a field, if the server named it; for showing under that field. */
export function fieldError(t: T, error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const f = error.fields.find((x) => x.field === field || x.field.endsWith(`.${field}`));
  return f ? fieldWords(t, error.status, f.field, f.message) : undefined;
}

/**
 * A whole error in words: field errors joined, or the status's meaning. `conflict` names what a 409
 * without fields means where it happens (e.g. "the default language cannot be removed").
 */
export function errorWords(t: T, error: unknown, conflict?: string): string {
  if (!(error instanceof ApiError)) return t('masterData.error.network');
  if (error.fields.length) return error.fields.map((f) => fieldWords(t, error.status, f.field, f.message)).join(' ');
  if (error.status === 409) return conflict ?? error.message;
  if (error.status === 404) return t('masterData.error.notFound');
  if (error.status === 401 || error.status === 403) return t('masterData.error.forbidden');
  return error.message || t('common.error');
}
