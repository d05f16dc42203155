import type { DbOrTx } from '../../db/client.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { eligibilityFacts, type EligibilityFacts } from './eligibility.repository.js';

export { eligibilityFacts, type EligibilityFacts };

/*
 * Whether a vendor may trade in a category on a market day: the vendor is of the organization and active
 * (not suspended, not blocklisted), trades in the category, and holds, for every document type the category
 * requires, a document of that type reviewed as valid that has not expired by the day. Requests, bookings
 * and term bookings check it; check-in reuses it (`checkEligibility`, or the facts once and
 * `eligibilityProblems` per day).
 */
const label = (docType: string) => docType.replace(/_/g, ' ');

/**
 * Why the vendor may not trade in the category on `date` (YYYY-MM-DD); empty when it may. Without a date,
 * only what holds for every day (the vendor, its status, its categories), not the documents.
 */
export function eligibilityProblems(f: EligibilityFacts, date: string | null): FieldError[] {
  if (!f.vendor) return [{ field: 'vendorId', message: 'is not a vendor of your organization' }];
  if (!f.category) return [{ field: 'categoryId', message: 'is not a market category of your organization' }];
  if (f.vendor.status !== 'active') return [{ field: 'vendorId', message: `the vendor is ${f.vendor.status}` }];
  if (!f.tradesInCategory) return [{ field: 'categoryId', message: `the vendor does not trade in ${f.category.nameEn}` }];
  const problems: FieldError[] = [];
  if (date === null) return problems;
  for (const type of f.category.requiredDocumentTypes) {
    const ofType = f.documents.filter((d) => d.docType === type);
    const valid = ofType.filter((d) => d.status === 'valid');
    if (valid.some((d) => d.expiresOn === null || d.expiresOn >= date)) continue;
    const lastExpiry = valid
      .map((d) => d.expiresOn!)
      .sort()
      .at(-1);
    const message = lastExpiry
      ? `${label(type)} expired on ${lastExpiry}`
      : ofType.some((d) => d.status === 'pending')
        ? `${label(type)} is awaiting review`
        : `${label(type)} is missing (required for ${f.category.nameEn})`;
    problems.push({ field: 'vendorId', message });
  }
  return problems;
}

/** The refusal a write answers with: 422 naming each field and reason. */
export function ineligible(problems: FieldError[]): AppError {
  return new AppError(422, 'validation_failed', problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
}

/** The rule for one vendor, category and day; throws the 422 when the vendor is not eligible. */
export async function checkEligibility(
  db: DbOrTx,
  orgId: string,
  v: { vendorId: string; categoryId: string; date: string },
): Promise<void> {
  const problems = eligibilityProblems(await eligibilityFacts(db, orgId, v.vendorId, v.categoryId), v.date);
  if (problems.length) throw ineligible(problems);
}
