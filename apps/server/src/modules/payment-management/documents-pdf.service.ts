import { interpolate, SHELL_TRANSLATIONS } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../lib/errors.js';
import { dictionary, effectiveLanguages } from '../languages/index.js';
import type { PdfContext } from './documents-pdf.js';
import { minorDigitsOf, organizationName } from './invoice-email.repository.js';

/**
 * What a PDF of the organization is written with, in `language` (one of its active languages, else 422 naming
 * `language`): its dictionary of that language (its own texts in front of the shipped ones, English for a key it
 * lacks, as the printed view does), its name, and the currency's minor digits from its master data.
 */
export async function pdfContext(db: DbOrTx, orgId: string, language: string, currency: string | null): Promise<PdfContext> {
  const found = (await effectiveLanguages(db, orgId)).find((l) => l.code === language && l.isActive);
  if (!found) throw invalid('language', `${language} is not a language of the organization`);
  const [{ texts }, organization, digits] = await Promise.all([
    dictionary(db, orgId, language),
    organizationName(db, orgId),
    currency ? minorDigitsOf(db, orgId, currency) : null,
  ]);
  const t = (key: string, vars?: Record<string, string | number>) => {
    const text = texts?.[key] || SHELL_TRANSLATIONS[key]?.en || key;
    return vars ? interpolate(text, vars) : text;
  };
  return { language, dir: found.textDirection === 'rtl' ? 'rtl' : 'ltr', t, organization, digits };
}
