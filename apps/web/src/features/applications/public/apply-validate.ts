import type { ApplicationStream } from '@market/contracts';
import { JUNIOR_MAX_AGE, JUNIOR_MIN_AGE, PHONE_PATTERN } from '@market/contracts/plain';
import {
  ageOn,
  asciiDigits,
  STEP_FIELDS,
  todayIso,
  toMinor,
  type DraftDocument,
  type FormValues,
  type StepId,
  type TextField,
} from './apply-model';

/** A problem with one answer: a translation key (checked in the browser) or the server's own words. */
export type Problem = { key: string; vars?: Record<string, string | number> } | { server: string };
export type Problems = Record<string, Problem>;

// Close to the contract's e-mail check, so the browser refuses what the server would.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ValidationContext {
  stream: ApplicationStream;
  documents: DraftDocument[];
  /** Document types the chosen categories require. */
  requiredTypes: string[];
  currencyDigits: number;
}

const TEXT_REQUIRED: Partial<Record<StepId, TextField[]>> = {
  business: ['businessName', 'contactName', 'email', 'phone'],
  junior: ['dateOfBirth', 'guardianName', 'guardianPhone', 'guardianEmail'],
  products: ['productsDescription'],
  host: ['hostName', 'email', 'phone'],
  workshop: ['titleEn', 'titleAr', 'descriptionEn', 'descriptionAr', 'durationMinutes', 'capacity', 'ageMin', 'ageMax'],
};

const INTEGER: Partial<Record<TextField, [number, number]>> = {
  durationMinutes: [15, 480],
  capacity: [1, 200],
  ageMin: [0, 99],
  ageMax: [0, 99],
};

export const asInteger = (v: string): number | null => {
  const s = asciiDigits(v.trim());
  return /^\d{1,6}$/.test(s) ? Number(s) : null;
};

function isWebAddress(s: string): boolean {
  try {
    return /^https?:$/.test(new URL(s).protocol);
  } catch {
    return false;
  }
}

function validDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** The problems of one step's answers, by field name (documents by `documents.<type>` or `documents.<key>`). */
export function validateStep(step: StepId, v: FormValues, ctx: ValidationContext): Problems {
  const p: Problems = {};
  const fields = STEP_FIELDS[step];
  for (const f of TEXT_REQUIRED[step] ?? []) if (!v[f].trim()) p[f] = { key: 'apply.error.required' };
  for (const f of ['email', 'guardianEmail'] as const) {
    if (fields.includes(f) && v[f].trim() && !EMAIL.test(v[f].trim())) p[f] = { key: 'apply.error.email' };
  }
  for (const f of ['phone', 'guardianPhone'] as const) {
    if (fields.includes(f) && v[f].trim() && !PHONE_PATTERN.test(asciiDigits(v[f].trim()))) p[f] = { key: 'apply.error.phone' };
  }
  if (step === 'business' && v.website.trim() && !isWebAddress(v.website.trim())) p.website = { key: 'apply.error.website' };
  if (step === 'junior' && v.dateOfBirth && !p.dateOfBirth) {
    if (!validDate(v.dateOfBirth)) p.dateOfBirth = { key: 'apply.error.date' };
    else {
      const age = ageOn(v.dateOfBirth, todayIso());
      if (age < JUNIOR_MIN_AGE || age > JUNIOR_MAX_AGE)
        p.dateOfBirth = { key: 'apply.error.age', vars: { min: JUNIOR_MIN_AGE, max: JUNIOR_MAX_AGE } };
    }
  }
  if (step === 'junior' && !v.guardianConsent) p.guardianConsent = { key: 'apply.error.guardianConsent' };
  if (step === 'products' && v.categoryIds.length === 0) p.categoryIds = { key: 'apply.error.chooseCategory' };
  if ((step === 'days' || step === 'workshopDays') && v.marketDayIds.length === 0) p.marketDayIds = { key: 'apply.error.chooseDay' };
  if (step === 'workshop') {
    for (const [f, [min, max]] of Object.entries(INTEGER) as [TextField, [number, number]][]) {
      if (p[f] || !v[f].trim()) continue;
      const n = asInteger(v[f]);
      if (n === null || n < min || n > max) p[f] = { key: 'apply.error.wholeNumber', vars: { min, max } };
    }
    const lo = asInteger(v.ageMin);
    const hi = asInteger(v.ageMax);
    if (!p.ageMin && !p.ageMax && lo !== null && hi !== null && hi < lo) p.ageMax = { key: 'apply.error.ageOrder' };
    if (toMinor(v.materialsFee, ctx.currencyDigits) === null)
      p.materialsFee = { key: 'apply.error.amount', vars: { digits: ctx.currencyDigits } };
  }
  if (step === 'documents') {
    for (const type of ctx.requiredTypes) {
      if (!ctx.documents.some((d) => d.docType === type)) p[`documents.${type}`] = { key: 'apply.error.documentRequired' };
    }
    const today = todayIso();
    for (const d of ctx.documents) {
      if (d.expiresOn && !validDate(d.expiresOn)) p[`documents.${d.key}`] = { key: 'apply.error.date' };
      else if (d.expiresOn && d.expiresOn < today) p[`documents.${d.key}`] = { key: 'apply.error.expired' };
    }
  }
  if (step === 'review' && !v.consentTerms) p.consentTerms = { key: 'apply.error.consent' };
  return p;
}

/** Problems of every step, and the index of the first step that has one (-1 when none). */
export function validateAll(steps: StepId[], v: FormValues, ctx: ValidationContext): { problems: Problems; firstStep: number } {
  let problems: Problems = {};
  let firstStep = -1;
  steps.forEach((s, i) => {
    const p = validateStep(s, v, ctx);
    if (Object.keys(p).length && firstStep < 0) firstStep = i;
    problems = { ...problems, ...p };
  });
  return { problems, firstStep };
}

/**
 * The server's refusals of the answers (`answers.email`, `answers.documents.2.expiresOn`) under the form's
 * own field names; what names no answer comes back as lines for the alert above the form.
 */
export function serverProblems(fields: Record<string, string>, documents: DraftDocument[]): { problems: Problems; unplaced: string[] } {
  const problems: Problems = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    const [root, name, index] = field.split('.');
    if (root !== 'answers' || !name) unplaced.push(`${field}: ${message}`);
    else if (name === 'documents') {
      // The documents go in the draft's order, so the index names the row.
      const doc = index !== undefined && /^\d+$/.test(index) ? documents[Number(index)] : undefined;
      problems[doc ? `documents.${doc.key}` : 'documents'] = { server: message };
    } else problems[name === 'materialsFeeMinor' ? 'materialsFee' : name] = { server: message };
  }
  return { problems, unplaced };
}
