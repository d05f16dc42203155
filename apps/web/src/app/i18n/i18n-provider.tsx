import { languagesRoutes, type ResponseOf } from '@market/contracts/plain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../../lib/api';
import { useReaderScope, type ReaderScope } from './use-reader-scope';

type Language = ResponseOf<typeof languagesRoutes.listLanguages>[number];
type Vars = Record<string, string | number>;

export const LANGUAGE_STORAGE_KEY = 'pim-language';

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

/** The translations of one language as the reader's organization has them (the server answers only that language's rows). */
function translationsQuery(code: string, scope: ReaderScope | undefined) {
  return {
    queryKey: [...i18nKeys.translations, code, scope?.key ?? ''],
    queryFn: () => api(languagesRoutes.listTranslations, { query: { language: code, ...(scope?.org ? { org: scope.org } : {}) } }),
    staleTime: Infinity,
    enabled: scope !== undefined,
  };
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [language, setLanguageState] = useState(() => localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? '');
  const scope = useReaderScope();
  const languagesQ = useQuery({
    queryKey: [...i18nKeys.languages, scope?.key ?? ''],
    queryFn: () => api(languagesRoutes.listLanguages, { query: scope?.org ? { org: scope.org } : {} }),
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

  const direction = languages.find((l) => l.code === language)?.textDirection ?? 'ltr';
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
    // Realtime is not needed for the first paint: connect once the browser is idle.
    const idle = (cb: () => void) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(cb, { timeout: 4000 }) : setTimeout(cb, 2000);
    idle(
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
      stop();
    };
  }, [qc, signedIn]);

  const dict = useMemo(() => {
    const d = new Map<string, string>();
    for (const rows of [englishQ.data, currentQ.data]) for (const tr of rows ?? []) d.set(`${tr.language}\u0000${tr.key}`, tr.value);
    return d;
  }, [englishQ.data, currentQ.data]);

  const t = useCallback(
    (key: string, vars?: Vars) => interpolate(dict.get(`${language}\u0000${key}`) ?? dict.get(`en\u0000${key}`) ?? key, vars),
    [dict, language],
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
