import { useEffect, useRef } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';

/**
 * The language an e-mailed link names (`?lang=ar`, issue 14, item 8): the page switches to it once the
 * languages are known, if it is one of them. (Reading it where the language is first chosen, in
 * app/i18n, saves the first paint in the stored language; this is the page's own guarantee.)
 */
export function useLinkLanguage(lang: string | null): void {
  const { language, languages, setLanguage } = useI18n();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !lang || languages.length === 0) return;
    applied.current = true;
    if (lang !== language && languages.some((l) => l.code === lang)) setLanguage(lang);
  }, [lang, language, languages, setLanguage]);
}
