import type { platformRoutes } from '@market/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../../lib/api';

type Language = Awaited<ReturnType<typeof api<typeof platformRoutes.listLanguages>>>[number];
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

/** The translations of one language (the server answers only that language's rows). */
function translationsQuery(code: string) {
  return {
    queryKey: [...i18nKeys.translations, code],
    queryFn: () => api<typeof platformRoutes.listTranslations>({ method: 'GET', path: '/translations' }, { query: { language: code } }),
    staleTime: Infinity,
  };
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [language, setLanguageState] = useState(() => localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? '');
  const languagesQ = useQuery({
    queryKey: i18nKeys.languages,
    queryFn: () => api<typeof platformRoutes.listLanguages>({ method: 'GET', path: '/languages' }),
    staleTime: Infinity,
  });
  // Only the current language and the English fallback are fetched; while another language loads, the
  // previous one stays on screen (a public form keeps its state instead of unmounting behind a skeleton).
  const current = language || 'en';
  const currentQ = useQuery({ ...translationsQuery(current), placeholderData: keepPreviousData });
  const englishQ = useQuery(translationsQuery('en'));
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

  // A realtime change to either table reloads both.
  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    // Realtime is not needed for the first paint: connect once the browser is idle.
    const idle = (cb: () => void) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(cb, { timeout: 4000 }) : setTimeout(cb, 2000);
    idle(() => void import('../../lib/realtime').then(({ realtime }) => {
      if (cancelled) return;
      const channel = realtime()
        .channel('i18n-changes')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'languages' }, () => void qc.invalidateQueries({ queryKey: i18nKeys.languages }))
        .on('postgres_changes', { event: '*', schema: 'public', table: 'translations' }, () => void qc.invalidateQueries({ queryKey: i18nKeys.translations }))
        .subscribe();
      stop = () => void realtime().removeChannel(channel);
    }));
    return () => {
      cancelled = true;
      stop();
    };
  }, [qc]);

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
  const ready = !languagesQ.isPending && !currentQ.isPending && !englishQ.isPending;

  const value = useMemo(() => ({ language, direction, languages, ready, setLanguage, t }), [language, direction, languages, ready, setLanguage, t]);
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
