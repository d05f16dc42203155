import { ApiError } from '../../lib/api';

type T = (key: string, vars?: Record<string, string | number>) => string;

// The server's rules in the reader's language; anything not listed keeps the server's own words.
const RULES: [RegExp, string][] = [
  [/is required/, 'attributes.error.required'],
  [/already used by another/, 'attributes.error.codeTaken'],
  [/used by another option/, 'attributes.error.optionCodeTaken'],
  [/at least one option/, 'attributes.error.needsOption'],
  [/not a valid regular expression/, 'attributes.error.pattern'],
  [/must not be less than/, 'attributes.error.range'],
  [/not a unit of this organization/, 'attributes.error.unit'],
  [/letters, digits/, 'attributes.error.codeFormat'],
  [/already in the list/, 'attributes.error.duplicateMember'],
  [/is more than the/, 'attributes.error.choices'],
];

function words(t: T, message: string): string {
  const hit = RULES.find(([re]) => re.test(message));
  return hit ? t(hit[1]) : message;
}

/** The message the server gave for exactly this field (e.g. `options.2.code`), in words. */
export function attrFieldError(t: T, error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const f = error.fields.find((x) => x.field === field);
  return f ? words(t, f.message) : undefined;
}

/** A whole error in words, for a line under the form or a toast. */
export function attrErrorWords(t: T, error: unknown): string {
  if (!(error instanceof ApiError)) return t('attributes.error.network');
  if (error.fields.length) return error.fields.map((f) => `${f.field}: ${words(t, f.message)}`).join(' ');
  if (error.status === 404) return t('attributes.error.notFound');
  if (error.status === 401 || error.status === 403) return t('attributes.error.forbidden');
  return error.message || t('common.error');
}
