import { languagesRoutes, type BodyOf, type ResponseOf } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ErrorWords, Translate } from '../../lib/api-errors';
import { guardStale } from '../../lib/stale-write';
import { i18nKeys, useT } from '../../app/i18n/i18n-provider';

export type Language = ResponseOf<typeof languagesRoutes.listLanguages>[number];
export type Translation = ResponseOf<typeof languagesRoutes.listTranslations>[number];
export type LanguageCreate = BodyOf<typeof languagesRoutes.createLanguage>;
/** The changed settings; the version the screen loaded travels beside them. */
export type LanguageUpdate = Omit<BodyOf<typeof languagesRoutes.updateLanguage>, 'expectedUpdatedAt'>;

// The server's rules, in the reader's language; anything else keeps the server's words, after the field's name.
const FIELD_RULES: Record<string, string> = {
  isDefault: 'masterData.error.keepDefault',
  isActive: 'masterData.error.defaultStaysActive',
  language: 'masterData.error.unknownLanguage',
};
const FIELD_LABELS = ['code', 'name', 'nativeName', 'textDirection', 'sortOrder', 'key', 'value', 'language'];

/** How these screens word a refusal (for `fieldError` and `errorMessage` of lib/api-errors). */
export function languageErrorWords(t: Translate): ErrorWords & Required<Pick<ErrorWords, 'field'>> {
  return {
    field: ({ field, message }, error) => {
      if (error.status === 409 && field === 'code') return t('masterData.error.codeTaken');
      if (error.status === 409 && field === 'key') return t('masterData.error.keyTaken');
      if (field === 'code') return t(/cannot be changed/.test(message) ? 'masterData.error.codeFixed' : 'masterData.error.codeInvalid');
      if (FIELD_RULES[field]) return t(FIELD_RULES[field]);
      if (/is required/.test(message)) return t('masterData.error.required');
      return `${FIELD_LABELS.includes(field) ? t(`masterData.field.${field}`) : field}: ${message}`;
    },
    // The words above name the field where they need to.
    label: () => null,
    network: t('masterData.error.network'),
    notFound: t('masterData.error.notFound'),
    forbidden: t('masterData.error.forbidden'),
  };
}

// Under the i18n provider's prefixes, so its realtime reloads (another browser's edit) refresh these too.
// The translations key holds an object, never a string, so it cannot collide with a language code.
export const languageKeys = {
  languages: [...i18nKeys.languages, 'all'] as const,
  translations: [...i18nKeys.translations, { scope: 'all' }] as const,
};

/** Every language, inactive ones too, by sort order. */
export function useAllLanguages() {
  return useQuery({
    queryKey: languageKeys.languages,
    queryFn: () => api(languagesRoutes.listLanguages, { query: { all: 'true' } }),
  });
}

/** Every translation of every language. */
export function useAllTranslations() {
  return useQuery({
    queryKey: languageKeys.translations,
    queryFn: () => api(languagesRoutes.listTranslations),
  });
}

/** A change to languages or translations reaches every screen that shows text, not only this page. */
function invalidateAll(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: i18nKeys.translations }), qc.invalidateQueries({ queryKey: i18nKeys.languages })]);
}

export function useCreateLanguage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LanguageCreate) => api(languagesRoutes.createLanguage, { body }),
    onSettled: () => invalidateAll(qc),
  });
}

/**
 * Edits name the updatedAt of the language or text they were based on (for a shipped one the organization never
 * changed, the shipped row's); a stale one reloads the lists and says so.
 */
function useStaleGuard() {
  const qc = useQueryClient();
  const t = useT();
  return <T>(run: () => Promise<T>) => guardStale(run, t('edit.staleWrite'), () => invalidateAll(qc));
}

export function useUpdateLanguage() {
  const qc = useQueryClient();
  const guard = useStaleGuard();
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id: string; body: LanguageUpdate; expectedUpdatedAt: string }) =>
      guard(() => api(languagesRoutes.updateLanguage, { params: { id }, body: { ...body, expectedUpdatedAt } })),
    onSettled: () => invalidateAll(qc),
  });
}

/** Writes new sort orders one language at a time (only those that change), each naming the version it was shown with, then reloads once. */
export function useReorderLanguages() {
  const qc = useQueryClient();
  const guard = useStaleGuard();
  return useMutation({
    mutationFn: async (changes: { id: string; sortOrder: number; expectedUpdatedAt: string }[]) => {
      for (const c of changes) {
        await guard(() =>
          api(languagesRoutes.updateLanguage, {
            params: { id: c.id },
            body: { sortOrder: c.sortOrder, expectedUpdatedAt: c.expectedUpdatedAt },
          }),
        );
      }
    },
    onSettled: () => invalidateAll(qc),
  });
}

/** Removes a language the organization added, or resets a shipped one to its shipped settings (same route). */
export function useDeleteLanguage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(languagesRoutes.deleteLanguage, { params: { id } }),
    onSettled: () => invalidateAll(qc),
  });
}

/** Puts a saved row into the cached list at once, so the grid does not wait for the reload. */
function patchCache(qc: QueryClient, change: { saved?: Translation; removedId?: string }) {
  qc.setQueryData<Translation[]>(languageKeys.translations, (rows) => {
    if (!rows) return rows;
    const rest = rows.filter((x) => x.id !== change.saved?.id && x.id !== change.removedId);
    return change.saved ? [...rest, change.saved] : rest;
  });
}

/**
 * Sets one key's value in one language for the organization: creates its text when there is none, changes it
 * otherwise (a shipped text gets the organization's value, the shipped row stays), and on a cleared value
 * removes the organization's own text (a blank one would show as an empty label instead of the fallback):
 * a shipped key then shows its shipped text again, and a shipped text the organization never changed stays.
 */
export function useSaveTranslation() {
  const qc = useQueryClient();
  const guard = useStaleGuard();
  return useMutation({
    mutationFn: async ({ existing, key, language, value }: { existing?: Translation; key: string; language: string; value: string }) => {
      if (!existing) return { saved: await api(languagesRoutes.createTranslation, { body: { key, language, value } }) };
      if (value === '') return existing.shipped && !existing.overridden ? {} : removeOwnText(existing);
      const body = { value, expectedUpdatedAt: existing.updatedAt };
      return {
        saved: await guard(() => api(languagesRoutes.updateTranslation, { params: { id: existing.id }, body })),
      };
    },
    // Reloads after a refusal too: a 404 or 409 means someone else changed the list meanwhile.
    onSettled: (change) => {
      if (change) patchCache(qc, change);
      return invalidateAll(qc);
    },
  });
}

/** Removes the organization's own text; a shipped key is then the shipped text again. */
async function removeOwnText(existing: Translation): Promise<{ saved?: Translation; removedId?: string }> {
  await api(languagesRoutes.deleteTranslation, { params: { id: existing.id } });
  if (!existing.shipped) return { removedId: existing.id };
  return { saved: { ...existing, value: existing.shippedValue ?? existing.value, overridden: false, shippedValue: undefined } };
}

/** "Reset to shipped": the organization's value of a shipped text goes, the shipped text shows again. */
export function useResetTranslation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeOwnText,
    onSettled: (change) => {
      if (change) patchCache(qc, change);
      return invalidateAll(qc);
    },
  });
}

/** Adds a new key with its values, one language after another; stops at the first refusal. */
export function useCreateKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, values }: { key: string; values: { language: string; value: string }[] }) => {
      for (const v of values) {
        await api(languagesRoutes.createTranslation, { body: { key, language: v.language, value: v.value } });
      }
    },
    onSettled: () => invalidateAll(qc),
  });
}
