import { languagesRoutes, type ResponseOf } from '@market/contracts/plain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../../lib/api';
import { afterStart } from '../session/after-start';
import { earlyOr } from '../session/early-requests';
import { useReaderScope, type ReaderScope } from './use-reader-scope';

type Language = ResponseOf<typeof languagesRoutes.listLanguages>[number];
type Vars = Record<string, string | number>;

export const LANGUAGE_STORAGE_KEY = 'pim-language';
const LINK_LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
/** Languages written right to left, for when the list of languages (which says each one's direction) cannot be loaded. */
const RTL_LANGUAGE = /^(ar|arc|ckb|dv|fa|he|ps|sd|ug|ur|yi)(-|$)/;

interface I18nValue {
  language: string;
  direction: 'ltr' | 'rtl';
  languages: Language[];
  /** False while languages and translations load. */
  ready: boolean;
  setLanguage: (code: string) => void;
  t: (key: string, vars?: Vars) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

export const i18nKeys = { languages: ['languages'] as const, translations: ['translations'] as const };

function interpolate(s: string, vars?: Vars): string {
  return vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : s;
}

type Dictionary = { language: string; texts: Record<string, string> };

/** Where the last texts of a language are kept, and their version on its own (index.html's early script reads it). */
export const DICTIONARY_STORAGE_KEY = (code: string) => `market-dictionary:${code}`;
export const DICTIONARY_VERSION_KEY = (code: string) => `market-dictionary-version:${code}`;

function keptDictionary(code: string): { version: string; texts: Record<string, string> } | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DICTIONARY_STORAGE_KEY(code)) ?? 'null') as { version?: unknown; texts?: unknown } | null;
    return kept && typeof kept.version === 'string' && kept.texts && typeof kept.texts === 'object'
      ? { version: kept.version, texts: kept.texts as Record<string, string> }
      : null;
  } catch {
    return null;
  }
}

function keepDictionary(code: string, version: string, texts: Record<string, string>): void {
  try {
    localStorage.setItem(DICTIONARY_STORAGE_KEY(code), JSON.stringify({ version, texts }));
    localStorage.setItem(DICTIONARY_VERSION_KEY(code), version);
  } catch {
    // Storage full or refused: the texts are asked for in full next time.
  }
}

/**
 * The texts of one language by key, as the reader's organization has them (the compact dictionary route).
 * The last answer is kept in storage: the server, told its version, answers without texts while they are current.
 * When the request fails (no connection: a page reloaded offline, such as the POS register), the kept texts are used.
 */
async function loadDictionary(code: string, scope: ReaderScope | undefined): Promise<Dictionary> {
  const kept = keptDictionary(code);
  const base = { language: code, ...(scope?.org ? { org: scope.org } : {}) };
  const query = kept ? { ...base, known: kept.version } : base;
  let answer: ResponseOf<typeof languagesRoutes.getDictionary>;
  try {
    answer = await earlyOr(languagesRoutes.getDictionary.path, query, () => api(languagesRoutes.getDictionary, { query }));
  } catch (error) {
    if (kept) return { language: code, texts: kept.texts };
    throw error;
  }
  if (answer.texts) {
    keepDictionary(code, answer.version, answer.texts);
    return { language: code, texts: answer.texts };
  }
  if (kept) return { language: code, texts: kept.texts };
  const full = await api(languagesRoutes.getDictionary, { query: base });
  if (full.texts) keepDictionary(code, full.version, full.texts);
  return { language: code, texts: full.texts ?? {} };
}

function translationsQuery(code: string, scope: ReaderScope | undefined) {
  return {
    queryKey: [...i18nKeys.translations, code, scope?.key ?? ''],
    queryFn: () => loadDictionary(code, scope),
    staleTime: Infinity,
    enabled: scope !== undefined,
  };
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [language, setLanguageState] = useState(() => {
    // An e-mailed link names the recipient's language (?lang=ar, decision 014): the page starts in it.
    const fromLink = new URLSearchParams(window.location.search).get('lang');
    if (fromLink && LINK_LANGUAGE.test(fromLink)) {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, fromLink);
      return fromLink;
    }
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? '';
  });
  const scope = useReaderScope();
  const languagesQ = useQuery({
    queryKey: [...i18nKeys.languages, scope?.key ?? ''],
    queryFn: () => {
      const query = scope?.org ? { org: scope.org } : {};
      return earlyOr(languagesRoutes.listLanguages.path, query, () => api(languagesRoutes.listLanguages, { query }));
    },
    staleTime: Infinity,
    enabled: scope !== undefined,
    // Signing in changes the reader: the shipped set stays on screen until the organization's arrives.
    placeholderData: keepPreviousData,
  });
  // Only the current language and the English fallback are fetched; while another language (or another
  // reader's set) loads, the previous one stays on screen (a public form keeps its state instead of unmounting behind a skeleton).
  const current = language || 'en';
  const currentQ = useQuery({ ...translationsQuery(current, scope), placeholderData: keepPreviousData });
  const englishQ = useQuery({ ...translationsQuery('en', scope), placeholderData: keepPreviousData });
  useEffect(() => {
    if (languagesQ.error) console.error('Failed to load languages', languagesQ.error);
    if (currentQ.error ?? englishQ.error) console.error('Failed to load translations', currentQ.error ?? englishQ.error);
  }, [languagesQ.error, currentQ.error, englishQ.error]);

  const languages = useMemo(() => languagesQ.data ?? [], [languagesQ.data]);
  // After languages load, an empty or en choice selects the default language (or the first).
  useEffect(() => {
    if (!languages.length) return;
    if (language === '' || language === 'en') {
      const pick = languages.find((l) => l.isDefault) ?? languages[0]!;
      if (pick.code !== language) setLanguageState(pick.code);
    }
  }, [languages, language]);

  // Without the list (no connection on a reload), the language's code tells the direction of the kept texts.
  const direction =
    languages.find((l) => l.code === language)?.textDirection ?? (languagesQ.isError && RTL_LANGUAGE.test(language) ? 'rtl' : 'ltr');
  useEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.lang = language || 'en';
  }, [direction, language]);

  // A realtime change to either table reloads both; so does one of the organization's own rows, which only
  // its signed-in members may subscribe to (an anonymous join to them is refused).
  const signedIn = scope?.signedIn ?? false;
  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    // Realtime is not needed for the first page: connect once it has loaded.
    const cancelStart = afterStart(
      () =>
        void import('../../lib/realtime').then(({ realtime }) => {
          if (cancelled) return;
          const reloadLanguages = () => void qc.invalidateQueries({ queryKey: i18nKeys.languages });
          const reloadTexts = () => void qc.invalidateQueries({ queryKey: i18nKeys.translations });
          const shipped = realtime()
            .channel('i18n-changes')
            .on('postgres_changes', { event: '*', schema: 'public', table: 'languages' }, reloadLanguages)
            .on('postgres_changes', { event: '*', schema: 'public', table: 'translations' }, reloadTexts)
            .subscribe();
          const own = signedIn
            ? realtime()
                .channel('i18n-organization-changes')
                .on('postgres_changes', { event: '*', schema: 'public', table: 'organization_languages' }, reloadLanguages)
                .on('postgres_changes', { event: '*', schema: 'public', table: 'translation_overrides' }, reloadTexts)
                .subscribe()
            : null;
          stop = () => {
            void realtime().removeChannel(shipped);
            if (own) void realtime().removeChannel(own);
          };
        }),
    );
    return () => {
      cancelled = true;
      cancelStart();
      stop();
    };
  }, [qc, signedIn]);

  // The answers say which language they hold: while another language loads, the previous one's texts are
  // not taken for the new one (the English fallback shows instead).
  const currentTexts = currentQ.data?.language === language ? currentQ.data.texts : undefined;
  const englishTexts = englishQ.data?.texts;
  const t = useCallback(
    (key: string, vars?: Vars) => {
      const own = currentTexts && Object.hasOwn(currentTexts, key) ? currentTexts[key] : undefined;
      const fallback = englishTexts && Object.hasOwn(englishTexts, key) ? englishTexts[key] : undefined;
      return interpolate(own ?? fallback ?? key, vars);
    },
    [currentTexts, englishTexts],
  );
  const setLanguage = useCallback((code: string) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    setLanguageState(code);
  }, []);
  const ready = scope !== undefined && !languagesQ.isPending && !currentQ.isPending && !englishQ.isPending;

  const value = useMemo(
    () => ({ language, direction, languages, ready, setLanguage, t }),
    [language, direction, languages, ready, setLanguage, t],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n must be used within an I18nProvider');
  return ctx;
}

export function useT(): I18nValue['t'] {
  return useI18n().t;
}
