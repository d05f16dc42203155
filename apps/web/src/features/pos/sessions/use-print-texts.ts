import { languagesRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { api } from '../../../lib/api';

type Vars = Record<string, string | number>;

/** The words of a printed report, in the language chosen for the print (which may differ from the screen's). */
export interface PrintTexts {
  language: string;
  dir: 'ltr' | 'rtl';
  t: (key: string, vars?: Vars) => string;
  ready: boolean;
}

const interpolate = (s: string, vars?: Vars) => (vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : s);

/**
 * The screen's translator when the print is in the screen's language; otherwise that language's texts as the
 * organization has them (the dictionary route), the screen's words standing in for a key it lacks. Payment
 * management prints the same way; its hook is private to that feature.
 */
export function usePrintTexts(language: string): PrintTexts {
  const { language: screen, t: screenT, languages } = useI18n();
  const other = language !== screen;
  const dictionary = useQuery({
    queryKey: ['pos', 'print-texts', language],
    queryFn: () => api(languagesRoutes.getDictionary, { query: { language } }),
    enabled: other,
    staleTime: Infinity,
  });
  const texts = dictionary.data?.texts;
  const t = useCallback(
    (key: string, vars?: Vars) => (other && texts && Object.hasOwn(texts, key) ? interpolate(texts[key]!, vars) : screenT(key, vars)),
    [other, texts, screenT],
  );
  const dir = languages.find((l) => l.code === language)?.textDirection ?? (language === 'ar' ? 'rtl' : 'ltr');
  return { language, dir, t, ready: !other || dictionary.isSuccess || dictionary.isError };
}
