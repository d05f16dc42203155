import type {
  ApplicationDocumentType,
  ApplicationStream,
  JUNIOR_MAX_AGE,
  JUNIOR_MIN_AGE,
  MAX_APPLICATION_DOCUMENTS,
  StallSize,
} from '@market/contracts';

// The contracts package is imported for types only (no zod in the bundle); `typeof` keeps these equal to it.
export const MIN_AGE: typeof JUNIOR_MIN_AGE = 8;
export const MAX_AGE: typeof JUNIOR_MAX_AGE = 17;
export const MAX_DOCUMENTS: typeof MAX_APPLICATION_DOCUMENTS = 10;
export const STALL_SIZES = ['3x3', '3x6', '6x6'] as const satisfies readonly StallSize[];
/** Translation keys cannot hold digits, so each stall size has a word. */
export const STALL_KEY: Record<StallSize, string> = { '3x3': 'small', '3x6': 'medium', '6x6': 'large' };
export const POWER_NEEDS = ['none', 'single_phase', 'three_phase'] as const;
export const DOCUMENT_TYPES = [
  'insurance',
  'permit',
  'licence',
  'id',
  'food_hygiene',
  'other',
] as const satisfies readonly ApplicationDocumentType[];

export const TEXT_FIELDS = [
  'businessName',
  'legalName',
  'contactName',
  'email',
  'phone',
  'address',
  'website',
  'instagram',
  'productsDescription',
  'stallSize',
  'power',
  'dateOfBirth',
  'guardianName',
  'guardianPhone',
  'guardianEmail',
  'school',
  'hostName',
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
  business: ['businessName', 'legalName', 'contactName', 'email', 'phone', 'address', 'website', 'instagram'],
  junior: ['dateOfBirth', 'guardianName', 'guardianPhone', 'guardianEmail', 'school', 'guardianConsent'],
  products: ['productsDescription', 'categoryIds'],
  days: ['marketDayIds', 'stallSize', 'power'],
  workshopDays: ['marketDayIds'],
  host: ['hostName', 'contactName', 'email', 'phone'],
  workshop: [
    'titleEn',
    'titleAr',
    'descriptionEn',
    'descriptionAr',
    'durationMinutes',
    'capacity',
    'ageMin',
    'ageMax',
    'materialsFee',
    'materialsFeeMinor',
    'spaceNeeds',
    'equipmentNeeds',
  ],
  documents: ['documents'],
  review: ['consentTerms'],
};

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
  return DOCUMENT_TYPES.filter((t) => types.has(t));
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
