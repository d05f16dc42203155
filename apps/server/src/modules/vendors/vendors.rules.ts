import { vendorsRoutes as r } from '@market/contracts';
import { addDays } from '../../lib/dates.js';
import type { FieldError } from '../../lib/errors.js';

/** Junior vendors are children: the age bracket the junior market accepts, at the time the vendor is created. */
export const JUNIOR_MIN_AGE = 8;
export const JUNIOR_MAX_AGE = 17;
const JUNIOR_FIELDS = ['dateOfBirth', 'guardianName', 'guardianPhone', 'guardianEmail', 'guardianConsentAt', 'school'] as const;
const JUNIOR_REQUIRED = ['dateOfBirth', 'guardianName', 'guardianPhone', 'guardianEmail', 'guardianConsentAt'] as const;
/** Clocks of the browser and the server differ a little; a consent "now" must not be refused. */
const CONSENT_CLOCK_SKEW_MS = 5 * 60_000;

/** Whole years between a date of birth and a day. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export type JuniorFields = Partial<Record<(typeof JUNIOR_FIELDS)[number], string | null>>;

/**
 * What is wrong with the junior fields of a vendor: required (and an age of 8 to 17 on the day it was
 * created) for a junior vendor, not allowed on the others, so a market vendor never carries a
 * child's data by mistake.
 */
export function juniorProblems(vendorType: string, v: JuniorFields, createdOn: string, now = new Date()): FieldError[] {
  const problems: FieldError[] = [];
  if (vendorType !== 'junior') {
    for (const f of JUNIOR_FIELDS) if (v[f]) problems.push({ field: f, message: 'is only for junior vendors' });
    return problems;
  }
  for (const f of JUNIOR_REQUIRED) if (!v[f]) problems.push({ field: f, message: 'is required for a junior vendor' });
  if (v.dateOfBirth) {
    const age = ageOn(v.dateOfBirth, createdOn);
    if (age < JUNIOR_MIN_AGE || age > JUNIOR_MAX_AGE) {
      problems.push({
        field: 'dateOfBirth',
        message: `a junior vendor must be ${JUNIOR_MIN_AGE} to ${JUNIOR_MAX_AGE} years old (this date gives ${Math.max(age, 0)})`,
      });
    }
  }
  if (v.guardianConsentAt && new Date(v.guardianConsentAt).getTime() > now.getTime() + CONSENT_CLOCK_SKEW_MS) {
    problems.push({ field: 'guardianConsentAt', message: 'cannot be in the future' });
  }
  return problems;
}

export function datesProblem(issuedOn: string | null | undefined, expiresOn: string | null | undefined): FieldError | null {
  return issuedOn && expiresOn && expiresOn < issuedOn ? { field: 'expiresOn', message: 'cannot be before the issue date' } : null;
}

/**
 * The status a document is reported with. Expiry is computed on read rather than written by a job:
 * nothing has to run at midnight, a GET never writes, and the review decision stays stored, so
 * correcting a wrong expiry date brings the decision back. A declined document stays declined.
 */
export function documentState(
  stored: string,
  expiresOn: string | null,
  today: string,
): { status: r.VendorDocumentStatus; reviewStatus: 'pending' | 'valid' | 'declined'; expiresSoon: boolean } {
  const reviewStatus = stored === 'valid' || stored === 'declined' ? stored : 'pending';
  if (reviewStatus === 'declined') return { status: 'declined', reviewStatus, expiresSoon: false };
  if (stored === 'expired' || (expiresOn !== null && expiresOn < today)) return { status: 'expired', reviewStatus, expiresSoon: false };
  const expiresSoon = expiresOn !== null && expiresOn <= addDays(today, r.EXPIRY_WARNING_DAYS);
  return { status: reviewStatus, reviewStatus, expiresSoon };
}
