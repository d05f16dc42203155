import { interpolate, SHELL_TRANSLATIONS } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid } from '../../lib/errors.js';
import { dictionary, effectiveLanguages } from '../languages/index.js';
import { invoicePdf, statementPdf, type PdfContext, type PdfInvoice } from './documents-pdf.js';
import { loadInvoice } from './invoice-read.js';
import { minorDigitsOf, organizationName } from './invoice-email.repository.js';
import { statement } from './ledger.service.js';

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

/** A vendor's statement as a PDF (the same figures as `statement`). */
export async function statementPdfFile(
  db: Db,
  caller: Caller,
  vendorId: string,
  q: { from?: string; to?: string; language?: string },
): Promise<Buffer> {
  const s = await statement(db, caller, vendorId, q);
  return statementPdf(s, await pdfContext(db, caller.orgId, q.language ?? 'en', s.currency));
}

/** An invoice as a PDF: the organization's (staff), or one the caller already read (the vendor portal its own). */
export async function invoicePdfFile(db: Db, orgId: string, invoice: string | PdfInvoice, language = 'en'): Promise<Buffer> {
  const inv = typeof invoice === 'string' ? await loadInvoice(db, orgId, invoice) : invoice;
  return invoicePdf(inv, await pdfContext(db, orgId, language, inv.currency));
}
