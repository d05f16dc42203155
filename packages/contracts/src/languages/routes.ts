import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { idParams, okSchema } from '../platform/schemas.js';
import {
  dictionarySchema,
  languageCreateSchema,
  languageSchema,
  languageUpdateSchema,
  translationCreateSchema,
  translationSchema,
  translationUpdateSchema,
} from './schemas.js';

// Languages and translations: the shipped set merged with the reader's organization's own rows (decision 010).
// `org` names an organization by slug for pages read before sign-in (public forms); without it an anonymous
// reader gets the shipped set and a member their organization's.
const orgSlug = z.string().trim().min(1).max(100).optional();
export const listLanguages = defineRoute({
  method: 'GET',
  path: '/languages',
  tag: 'languages',
  summary: "Active languages by sort order, as the reader's organization has them",
  access: { public: true },
  query: z.object({ all: z.enum(['true', 'false']).optional(), org: orgSlug }).strict(),
  response: z.array(languageSchema),
});
export const createLanguage = defineRoute({
  method: 'POST',
  path: '/languages',
  tag: 'languages',
  summary: "Add a language to the caller's organization",
  access: { permission: 'master_data' },
  body: languageCreateSchema,
  response: languageSchema,
  status: 201,
});
export const updateLanguage = defineRoute({
  method: 'PATCH',
  path: '/languages/:id',
  tag: 'languages',
  summary: "Change a language for the caller's organization",
  access: { permission: 'master_data' },
  params: idParams,
  body: languageUpdateSchema,
  response: languageSchema,
});
export const deleteLanguage = defineRoute({
  method: 'DELETE',
  path: '/languages/:id',
  tag: 'languages',
  summary: "Remove the organization's language and its texts, or reset a shipped one",
  access: { permission: 'master_data' },
  params: idParams,
  response: okSchema,
});
export const listTranslations = defineRoute({
  method: 'GET',
  path: '/translations',
  tag: 'languages',
  summary: "Translations as the reader's organization has them",
  access: { public: true },
  query: z.object({ language: z.string().max(20).optional(), org: orgSlug }).strict(),
  response: z.array(translationSchema),
});
/**
 * The app's runtime dictionary: one language's texts by key, the organization's values in front (decision 010),
 * without the editor's fields (ids, versions, shipped values): a fraction of the bytes of `listTranslations`.
 */
export const getDictionary = defineRoute({
  method: 'GET',
  path: '/translations/dictionary',
  tag: 'languages',
  summary: "One language's texts by key, as the reader's organization has them",
  access: { public: true },
  query: z
    .object({
      language: z.string().trim().min(1, 'is required').max(20),
      org: orgSlug,
      /** The version of the texts the reader keeps (from an earlier answer): when still current, the answer has no texts. */
      known: z.string().trim().max(100).optional(),
    })
    .strict(),
  response: dictionarySchema,
});
export const createTranslation = defineRoute({
  method: 'POST',
  path: '/translations',
  tag: 'languages',
  summary: "Add a text the caller's organization lacks",
  access: { permission: 'master_data' },
  body: translationCreateSchema,
  response: translationSchema,
  status: 201,
});
export const updateTranslation = defineRoute({
  method: 'PATCH',
  path: '/translations/:id',
  tag: 'languages',
  summary: "Change a text for the caller's organization",
  access: { permission: 'master_data' },
  params: idParams,
  body: translationUpdateSchema,
  response: translationSchema,
});
export const deleteTranslation = defineRoute({
  method: 'DELETE',
  path: '/translations/:id',
  tag: 'languages',
  summary: "Remove the organization's own text (a shipped one returns)",
  access: { permission: 'master_data' },
  params: idParams,
  response: okSchema,
});
