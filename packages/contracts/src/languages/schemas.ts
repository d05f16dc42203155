import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { uuid } from '../platform/schemas.js';
import { LANGUAGE_CODE_PATTERN, TEXT_DIRECTIONS } from './constants.js';

export * from './constants.js';

export const languageCode = z.string().regex(LANGUAGE_CODE_PATTERN, 'must be a language code such as en or pt-BR');

export const languageSchema = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  textDirection: z.enum(TEXT_DIRECTIONS),
  /** In the set every installation ships with; its id is the shipped row's, and writes change only the caller's organization. */
  shipped: z.boolean(),
  /** The caller's organization changed this shipped language's settings (DELETE resets them). */
  overridden: z.boolean(),
  /** The version an edit names: the latest change of what this view is made of (the shipped row, the organization's settings). */
  updatedAt: z.string(),
});

export const languageCreateSchema = z
  .object({
    code: languageCode,
    name: z.string().trim().min(1, 'is required').max(100),
    nativeName: z.string().trim().min(1, 'is required').max(100),
    isDefault: z.boolean().optional(),
    isActive: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(10000).optional(),
    textDirection: z.enum(TEXT_DIRECTIONS).optional(),
  })
  .strict();
export const languageUpdateSchema = languageCreateSchema.partial().extend(concurrencyShape).strict();

/**
 * A text as the reader's organization sees it. A shipped key keeps the shipped row's id; writes to it change
 * only the caller's organization (DELETE resets to the shipped text). A key only the organization has carries
 * its own row's id.
 */
export const translationSchema = z.object({
  id: uuid,
  key: z.string(),
  language: z.string(),
  value: z.string(),
  shipped: z.boolean(),
  overridden: z.boolean(),
  /** The shipped text behind an organization's own value. */
  shippedValue: z.string().optional(),
  /** The version an edit names: the latest change of the shipped text or the organization's own value. */
  updatedAt: z.string(),
});
/**
 * One language's texts by key (the organization's value where it has one): what the app translates with.
 * `version` names exactly these texts; `texts` is null when the reader said it holds that version already.
 */
export const dictionarySchema = z.object({ language: z.string(), version: z.string(), texts: z.record(z.string(), z.string()).nullable() });
export const translationKey = z.string().trim().min(1, 'is required').max(300, 'at most 300 characters');
export const translationCreateSchema = z
  .object({ key: translationKey, language: languageCode, value: z.string().max(10000, 'at most 10000 characters') })
  .strict();
export const translationUpdateSchema = z.object({ value: z.string().max(10000, 'at most 10000 characters'), ...concurrencyShape }).strict();
