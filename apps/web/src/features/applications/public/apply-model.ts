import type { ApplicationDocumentType, ApplicationStream } from '@market/contracts';
import { APPLICATION_DOCUMENT_TYPES, type StallSize } from '@market/contracts/plain';

/** Translation keys cannot hold digits, so each stall size has a word. */
export const STALL_KEY: Record<StallSize, string> = { '3x3': 'small', '3x6': 'medium', '6x6': 'large' };

const BUSINESS_FIELDS = ['businessName', 'legalName', 'contactName', 'email', 'phone', 'address', 'website', 'instagram'] as const;
const JUNIOR_FIELDS = ['dateOfBirth', 'guardianName', 'guardianPhone', 'guardianEmail', 'school'] as const;
const WORKSHOP_FIELDS = [
  'titleEn',
  'titleAr',
  'descriptionEn',
  'descriptionAr',
  'durationMinutes',
  'capacity',
  'ageMin',
  'ageMax',
  'materialsFee',
  'spaceNeeds',
  'equipmentNeeds',
] as const;

/** The answers typed as text (numbers and choices included). */
export const TEXT_FIELDS = [
  ...BUSINESS_FIELDS,
  'productsDescription',
  'stallSize',
  'power',
  ...JUNIOR_FIELDS,
  'hostName',
  ...WORKSHOP_FIELDS,
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** What the applicant typed, as typed: numbers stay text until the payload is built. */
export type FormValues = Record<TextField, string> & {
  categoryIds: string[];
  marketDayIds: string[];
  consentTerms: boolean;
  guardianConsent: boolean;
};

export interface DraftDocument {
  /** Local key of the row (an upload id may be replaced by another upload). */
  key: string;
  docType: ApplicationDocumentType;
  uploadId: string;
  fileName: string;
  sizeBytes: number;
  expiresOn: string;
}

export const emptyValues = (): FormValues => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<TextField, string>),
  stallSize: '3x3',
  power: 'none',
  categoryIds: [],
  marketDayIds: [],
  consentTerms: false,
  guardianConsent: false,
});

export type StepId = 'business' | 'junior' | 'products' | 'days' | 'host' | 'workshop' | 'workshopDays' | 'documents' | 'review';

export const STEPS: Record<ApplicationStream, StepId[]> = {
  market_vendor: ['business', 'products', 'days', 'documents', 'review'],
  junior_vendor: ['business', 'junior', 'products', 'days', 'documents', 'review'],
  workshop: ['host', 'workshop', 'workshopDays', 'documents', 'review'],
};

/** The answers each step asks for; a server error on one of them sends the applicant back to that step. */
export const STEP_FIELDS: Record<StepId, readonly string[]> = {
  business: BUSINESS_FIELDS,
  junior: [...JUNIOR_FIELDS, 'guardianConsent'],
  products: ['productsDescription', 'categoryIds'],
  days: ['marketDayIds', 'stallSize', 'power'],
  workshopDays: ['marketDayIds'],
  host: ['hostName', 'contactName', 'email', 'phone'],
  // The server names the fee in minor units.
  workshop: [...WORKSHOP_FIELDS, 'materialsFeeMinor'],
  documents: ['documents'],
  review: ['consentTerms'],
};

/** Answers the review lists as typed; the others (dates, choices, money) are shown in words of their own. */
const SHOWN_AS_TYPED = new Set<string>(TEXT_FIELDS.filter((k) => !['dateOfBirth', 'stallSize', 'power', 'materialsFee'].includes(k)));
export const typedFieldsOf = (step: StepId) => STEP_FIELDS[step].filter((k): k is TextField => SHOWN_AS_TYPED.has(k));

/** The step of the stream that holds a field; the review step for anything unknown. */
export function stepOfField(stream: ApplicationStream, field: string): number {
  const steps = STEPS[stream];
  const i = steps.findIndex((s) => STEP_FIELDS[s].includes(field));
  return i >= 0 ? i : steps.length - 1;
}

/** Digits typed on an Arabic keyboard (٠-٩, ۰-۹, the Arabic decimal separator) read as ASCII. */
export function asciiDigits(s: string): string {
  return s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');
}

/** Digits after the decimal point in the currency (AED 2, KWD 3, JPY 0). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "12.5" in a currency with 2 minor digits → 1250; null when it is not such an amount. */
export function toMinor(amount: string, digits: number): number | null {
  const s = asciiDigits(amount.trim()).replace(',', '.');
  if (s === '') return 0;
  const m = /^(\d{1,9})(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] ?? '').length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || '0');
}

/** Whole years between a birth date and a day, both YYYY-MM-DD (the server's rule). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The document types the chosen categories require, each once. */
export function requiredDocTypes(
  categories: { id: string; requiredDocumentTypes: string[] }[],
  chosen: string[],
): ApplicationDocumentType[] {
  const types = new Set<string>();
  for (const c of categories) if (chosen.includes(c.id)) for (const t of c.requiredDocumentTypes) types.add(t);
  return APPLICATION_DOCUMENT_TYPES.filter((t) => types.has(t));
}

const NUMBER_FIELDS = ['durationMinutes', 'capacity', 'ageMin', 'ageMax'] as const;

/** The stored answers of an application back as form values (the applicant edits them from the status page). */
export function valuesFromAnswers(answers: Record<string, unknown>, currencyDigits: number): FormValues {
  const v = emptyValues();
  for (const k of TEXT_FIELDS) if (typeof answers[k] === 'string') v[k] = answers[k];
  for (const k of NUMBER_FIELDS) if (typeof answers[k] === 'number') v[k] = String(answers[k]);
  if (typeof answers.materialsFeeMinor === 'number')
    v.materialsFee = (answers.materialsFeeMinor / 10 ** currencyDigits).toFixed(currencyDigits);
  const ids = (x: unknown) => (Array.isArray(x) ? x.filter((i): i is string => typeof i === 'string') : []);
  v.categoryIds = ids(answers.categoryIds);
  v.marketDayIds = ids(answers.marketDayIds);
  v.consentTerms = answers.consentTerms === true;
  v.guardianConsent = answers.guardianConsent === true;
  return v;
}
