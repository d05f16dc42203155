import { languagesRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { DICTIONARY_STORAGE_KEY, useI18n } from '../../../app/i18n/i18n-provider';
import { api } from '../../../lib/api';

type Vars = Record<string, string | number>;

/** The words of a receipt in its own language, which may differ from the screen's. */
export interface ReceiptTexts {
  language: string;
  dir: 'ltr' | 'rtl';
  t: (key: string, vars?: Vars) => string;
}

const interpolate = (s: string, vars?: Vars) => (vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : s);

/** The texts of a language the app kept on this device from an earlier visit (for printing offline). */
function keptTexts(language: string): Record<string, string> | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DICTIONARY_STORAGE_KEY(language)) ?? 'null') as { texts?: Record<string, string> } | null;
    return kept?.texts && typeof kept.texts === 'object' ? kept.texts : null;
  } catch {
    return null;
  }
}

/**
 * The screen's translator when the receipt is in the screen's language; otherwise that language's texts as the
 * organization has them (kept on the device when the server cannot be asked), the screen's words for a key
 * they lack.
 */
export function useReceiptTexts(language: string): ReceiptTexts {
  const { language: screen, t: screenT, languages } = useI18n();
  const other = language !== screen;
  const dictionary = useQuery({
    queryKey: ['pos', 'receipt-texts', language],
    queryFn: () => api(languagesRoutes.getDictionary, { query: { language } }),
    enabled: other,
    staleTime: Infinity,
    retry: false,
  });
  const texts = useMemo(() => (other ? (dictionary.data?.texts ?? keptTexts(language)) : null), [other, dictionary.data, language]);
  const t = useCallback(
    (key: string, vars?: Vars) => (texts && Object.hasOwn(texts, key) ? interpolate(texts[key]!, vars) : screenT(key, vars)),
    [texts, screenT],
  );
  const dir = languages.find((l) => l.code === language)?.textDirection ?? (language === 'ar' ? 'rtl' : 'ltr');
  return { language, dir, t };
}
