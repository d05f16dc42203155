import { ApiError, type FieldError } from './api';

/**
 * One way to show a failed API call (issue 13): the messages of the fields the server named, for under
 * each field, and the whole error as one line, for a toast or the line under a form. Field keys are the
 * paths the server names: body fields as they are (`name`, `options.2.code`), query and path fields
 * with `query.` and `params.` in front. A feature that words the server's refusals its own way passes
 * `FieldWords`; everything it leaves out keeps the server's words.
 */

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A feature's words for one field error, or undefined to keep the server's message. */
export type FieldWords = (field: FieldError, error: ApiError) => string | undefined;

export interface ErrorWords {
  /** Words for the field errors (default: the server's message). */
  field?: FieldWords;
  /**
   * How the whole-error line names a field: its label in the reader's language, null to leave it unnamed
   * (words that say it all), undefined for the path the server gave.
   */
  label?: (field: string) => string | null | undefined;
  /** What a 409 that names no field means where it happens, e.g. "the default language cannot be removed". */
  conflict?: string;
  /** A 404 (default: common.notFound). */
  notFound?: string;
  /** A 401 or 403 (default: common.forbidden). */
  forbidden?: string;
  /** No answer from the server (default: common.networkError). */
  network?: string;
}

/** True when `path` is `field` or lies inside it (`options` holds `options.2.code`). */
export function isFieldPath(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}

const fieldsOf = (error: unknown): FieldError[] => (error instanceof ApiError ? error.fields : []);

/** The words for one field error: the feature's, else the server's message. */
function wordsFor(error: ApiError, f: FieldError, words?: FieldWords): string {
  return words?.(f, error) ?? f.message;
}

/** Every field the server named, by its path, in words (the first message of a path wins). */
export function fieldErrors(error: unknown, words?: FieldWords): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fieldsOf(error)) out[f.field] ??= wordsFor(error as ApiError, f, words);
  return out;
}

/** The message for one field: the first error of that field or of anything inside it (`capacities` covers `capacities.0.price`). */
export function fieldError(error: unknown, field: string, words?: FieldWords): string | undefined {
  const f = fieldsOf(error).find((x) => isFieldPath(x.field, field));
  return f ? wordsFor(error as ApiError, f, words) : undefined;
}

/**
 * True when the server named a field (one of `fields`, or anything inside them, when given): the form
 * then shows the messages under those fields, and the whole-error line is not needed for them.
 */
export function hasFieldErrors(error: unknown, fields?: readonly string[]): boolean {
  return fieldsOf(error).some((f) => !fields || fields.some((name) => isFieldPath(f.field, name)));
}

/** FieldWords from rules on the server's (English) message: the first pattern that matches gives the translation key. */
export function wordsByMessage(t: Translate, rules: readonly (readonly [RegExp, string])[]): FieldWords {
  return (f) => {
    const hit = rules.find(([pattern]) => pattern.test(f.message));
    return hit ? t(hit[1]) : undefined;
  };
}

const isNetworkError = (error: unknown) => error instanceof TypeError || (error instanceof ApiError && error.status === 0);

/**
 * The whole error as one line. Field errors are joined, each named (`code: must be ...`, see `label`);
 * else a 409 says `conflict`, a 404 `notFound`, a 401 or 403 `forbidden`;
 * else the server's message. No answer at all says `network`; an error thrown in the page its own message.
 */
export function errorMessage(t: Translate, error: unknown, words: ErrorWords = {}): string {
  if (isNetworkError(error)) return words.network ?? t('common.networkError');
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? error.message : t('common.error');
  if (error.fields.length) {
    return error.fields
      .map((f) => {
        const name = words.label ? words.label(f.field) : undefined;
        const text = wordsFor(error, f, words.field);
        return name === null ? text : `${name ?? f.field}: ${text}`;
      })
      .join(' ');
  }
  if (error.status === 409) return words.conflict ?? error.message;
  if (error.status === 404) return words.notFound ?? t('common.notFound');
  if (error.status === 401 || error.status === 403) return words.forbidden ?? t('common.forbidden');
  return error.message || t('common.error');
}
