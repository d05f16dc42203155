/**
 * The one locale every number, date, time and amount on screen is formatted with (decision 013): the
 * page's language with Western (Latin) digits, so an Arabic page never mixes 12 and ١٢ in one view and
 * shows numbers the way its inputs accept them. Month and weekday names stay in the language.
 */
export function formatLocale(language: string): string {
  const tag = language || 'en';
  try {
    return new Intl.Locale(tag, { numberingSystem: 'latn' }).toString();
  } catch {
    // An unknown or malformed tag: English, which writes Latin digits anyway.
    return 'en-u-nu-latn';
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, language: string, options: object, make: (locale: string) => F): F {
  const key = `${language}\u0000${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = make(formatLocale(language));
    if (cache.size > 200) cache.clear();
    cache.set(key, f);
  }
  return f;
}

/** An Intl.NumberFormat for the language with Latin digits (kept per language and options). */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  cached(numberFormats, language, options, (l) => new Intl.NumberFormat(l, options));

/** An Intl.DateTimeFormat for the language with Latin digits (kept per language and options). */
export const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions = {}) =>
  cached(dateFormats, language, options, (l) => new Intl.DateTimeFormat(l, options));

/** A number in the language's grouping and decimal marks, with Latin digits. */
export const formatNumber = (n: number, language: string, options?: Intl.NumberFormatOptions) => numberFormat(language, options).format(n);
