import { useI18n } from './i18n-provider';

/** For pages without the header menu (public pages, the vendor dashboard): one button per language; the page direction follows. */
export function LanguageSwitch() {
  const { t, language, languages, setLanguage } = useI18n();
  if (languages.length < 2) return null;
  return (
    <div role="group" aria-label={t('language.label')} className="inline-flex shrink-0 rounded-md border p-0.5">
      {languages.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          aria-pressed={l.code === language}
          onClick={() => setLanguage(l.code)}
          className="rounded px-3 py-1 text-sm aria-pressed:bg-primary aria-pressed:text-primary-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {l.nativeName}
        </button>
      ))}
    </div>
  );
}
