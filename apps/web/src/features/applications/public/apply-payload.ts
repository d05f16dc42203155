import type { ApplicationStream, POWER_NEEDS, StallSize } from '@market/contracts/plain';
import type { SubmissionBody } from './applications-public-api';
import { asciiDigits, toMinor, type DraftDocument, type FormValues, type TextField } from './apply-model';
import { asInteger } from './apply-validate';

type Answers = SubmissionBody['answers'];

const text = (v: FormValues, k: TextField) => v[k].trim();
/** Optional text: blank is sent as null, so an answer cleared in an update is cleared on the server too. */
const optional = (v: FormValues, k: TextField) => text(v, k) || null;
const phone = (s: string) => asciiDigits(s.trim());

function documentRefs(documents: DraftDocument[]) {
  return documents.map((d) => ({ uploadId: d.uploadId, docType: d.docType, expiresOn: d.expiresOn || null }));
}

/**
 * The answers of the stream as the contract wants them. Only called after the browser's checks
 * passed, so numbers and consents are known to be valid here.
 */
export function toAnswers(stream: ApplicationStream, v: FormValues, documents: DraftDocument[], currencyDigits: number): Answers {
  if (stream === 'workshop') {
    return {
      hostName: text(v, 'hostName'),
      contactName: optional(v, 'contactName'),
      email: text(v, 'email'),
      phone: phone(v.phone),
      titleEn: text(v, 'titleEn'),
      titleAr: text(v, 'titleAr'),
      descriptionEn: text(v, 'descriptionEn'),
      descriptionAr: text(v, 'descriptionAr'),
      durationMinutes: asInteger(v.durationMinutes) ?? 0,
      capacity: asInteger(v.capacity) ?? 0,
      ageMin: asInteger(v.ageMin) ?? 0,
      ageMax: asInteger(v.ageMax) ?? 0,
      materialsFeeMinor: toMinor(v.materialsFee, currencyDigits) ?? 0,
      spaceNeeds: optional(v, 'spaceNeeds'),
      equipmentNeeds: optional(v, 'equipmentNeeds'),
      marketDayIds: v.marketDayIds,
      documents: documentRefs(documents),
      consentTerms: true,
    };
  }
  const vendor = {
    businessName: text(v, 'businessName'),
    legalName: optional(v, 'legalName'),
    contactName: text(v, 'contactName'),
    email: text(v, 'email'),
    phone: phone(v.phone),
    address: optional(v, 'address'),
    website: optional(v, 'website'),
    instagram: optional(v, 'instagram'),
    productsDescription: text(v, 'productsDescription'),
    categoryIds: v.categoryIds,
    marketDayIds: v.marketDayIds,
    stallSize: v.stallSize as StallSize,
    power: v.power as (typeof POWER_NEEDS)[number],
    documents: documentRefs(documents),
    consentTerms: true as const,
  };
  if (stream === 'market_vendor') return vendor;
  return {
    ...vendor,
    dateOfBirth: v.dateOfBirth,
    guardianName: text(v, 'guardianName'),
    guardianPhone: phone(v.guardianPhone),
    guardianEmail: text(v, 'guardianEmail'),
    guardianConsent: true,
    school: optional(v, 'school'),
  };
}

/** Builds the whole submission body; the stream decides which answers go. */
export function toSubmission(opts: {
  stream: ApplicationStream;
  org: string | null;
  formToken: string;
  fax: string;
  language: string;
  values: FormValues;
  documents: DraftDocument[];
  currencyDigits: number;
}): SubmissionBody {
  const base = {
    org: opts.org ?? undefined,
    formToken: opts.formToken,
    fax: opts.fax,
    locale: opts.language === 'ar' ? ('ar' as const) : ('en' as const),
  };
  const answers = toAnswers(opts.stream, opts.values, opts.documents, opts.currencyDigits);
  return { ...base, stream: opts.stream, answers } as SubmissionBody;
}
