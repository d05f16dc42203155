/**
 * A user's search term in the form products.search_text is stored in (the SQL function search_normalize,
 * migration 0015; decision 016), so that a name is found in any common Arabic spelling:
 * - lower case, one code point at a time (as PostgreSQL's lower() does: no context rules such as a word-final
 *   sigma, and the one expanding mapping, İ, to its single-letter simple form);
 * - Arabic diacritics (U+064B-U+065F, superscript alef U+0670) and tatweel (U+0640) removed;
 * - alef with madda, hamza above or below, and wasla (آ أ إ ٱ) as bare alef (ا);
 * - alef maqsura and Farsi yeh (ى ی) as yeh (ي); taa marbuta (ة) as heh (ه);
 * - Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits as 0-9.
 * search-normalize.test.ts holds this equal to the SQL function on the database.
 */
export function normalizeSearch(term: string): string {
  let out = '';
  for (const ch of term) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x0640 || (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670) continue;
    if (cp >= 0x0660 && cp <= 0x0669) out += String(cp - 0x0660);
    else if (cp >= 0x06f0 && cp <= 0x06f9) out += String(cp - 0x06f0);
    else out += ARABIC_LETTER[ch] ?? lowerOne(ch);
  }
  return out;
}

const ALEF = '\u0627';
const YEH = '\u064a';
const ARABIC_LETTER: Record<string, string> = {
  '\u0622': ALEF, // آ alef with madda above
  '\u0623': ALEF, // أ alef with hamza above
  '\u0625': ALEF, // إ alef with hamza below
  '\u0671': ALEF, // ٱ alef wasla
  '\u0649': YEH, // ى alef maqsura
  '\u06cc': YEH, // ی Farsi yeh
  '\u0629': '\u0647', // ة taa marbuta as ه heh
};

/** One code point lower-cased to one code point (String#toLowerCase gives U+0130 İ two: i and a combining dot). */
function lowerOne(ch: string): string {
  const lower = ch.toLowerCase();
  return lower.length === ch.length ? lower : String.fromCodePoint(lower.codePointAt(0)!);
}
