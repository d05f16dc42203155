import type { ApplicationStream } from '@market/contracts';
import { APPLICATION_DOCUMENT_TYPES } from '@market/contracts/plain';
import { useCallback, useEffect, useState } from 'react';
import { emptyValues, TEXT_FIELDS, type DraftDocument, type FormValues } from './apply-model';

/** A form token older than this is replaced (the server accepts 7 days; a day of margin for filling in). */
export const TOKEN_REFRESH_AFTER_MS = 6 * 24 * 60 * 60 * 1000;

export interface Draft {
  values: FormValues;
  documents: DraftDocument[];
  step: number;
  formToken: string | null;
  /** When the token was issued (ms), to renew it before the server refuses it as too old. */
  tokenIssuedAt: number | null;
}

const emptyDraft = (): Draft => ({ values: emptyValues(), documents: [], step: 0, formToken: null, tokenIssuedAt: null });

export const draftKey = (stream: ApplicationStream, org: string | null) => `apply-draft:${stream}:${org ?? ''}`;

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/** Reads a stored draft field by field: anything odd (an older shape, a hand edit) falls back to empty. */
function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const d = emptyDraft();
  const v = (data.values ?? {}) as Record<string, unknown>;
  for (const k of TEXT_FIELDS) if (typeof v[k] === 'string') d.values[k] = v[k];
  if (isStrings(v.categoryIds)) d.values.categoryIds = v.categoryIds;
  if (isStrings(v.marketDayIds)) d.values.marketDayIds = v.marketDayIds;
  d.values.consentTerms = v.consentTerms === true;
  d.values.guardianConsent = v.guardianConsent === true;
  if (Array.isArray(data.documents)) {
    d.documents = (data.documents as Partial<DraftDocument>[]).filter(
      (x): x is DraftDocument =>
        !!x &&
        typeof x.key === 'string' &&
        typeof x.uploadId === 'string' &&
        typeof x.fileName === 'string' &&
        typeof x.sizeBytes === 'number' &&
        typeof x.expiresOn === 'string' &&
        APPLICATION_DOCUMENT_TYPES.includes(x.docType as DraftDocument['docType']),
    );
  }
  if (typeof data.step === 'number' && Number.isInteger(data.step) && data.step >= 0) d.step = data.step;
  if (typeof data.formToken === 'string' && typeof data.tokenIssuedAt === 'number') {
    d.formToken = data.formToken;
    d.tokenIssuedAt = data.tokenIssuedAt;
  }
  return d;
}

function read(key: string): Draft | null {
  try {
    return parseDraft(localStorage.getItem(key));
  } catch {
    return null; // storage blocked (private mode): the form still works, only without a draft
  }
}

/**
 * The applicant's unsent answers, kept in localStorage per stream and organization so a reload or a
 * closed tab loses nothing. `restored` tells the page to say so (and offer to start over).
 */
export function useApplicationDraft(stream: ApplicationStream, org: string | null, purpose: 'apply' | 'edit' = 'apply') {
  // Changes to a submitted application are kept apart from a new application's draft.
  const key = purpose === 'edit' ? `${draftKey(stream, org)}:edit` : draftKey(stream, org);
  const [state, setState] = useState(() => {
    const stored = read(key);
    return { draft: stored ?? emptyDraft(), restored: stored !== null && hasAnswers(stored) };
  });

  // Nothing is stored until there is an answer, so an untouched form leaves no trace.
  useEffect(() => {
    try {
      if (hasAnswers(state.draft)) localStorage.setItem(key, JSON.stringify(state.draft));
      else localStorage.removeItem(key);
    } catch {
      // Full or blocked storage: keep going without saving.
    }
  }, [key, state.draft]);

  const update = useCallback((change: (d: Draft) => Draft) => setState((s) => ({ ...s, draft: change(s.draft) })), []);

  /** Forgets the answers; the form token stays, as it still dates this visit. */
  const reset = useCallback(
    () =>
      setState((s) => ({
        restored: false,
        draft: { ...emptyDraft(), formToken: s.draft.formToken, tokenIssuedAt: s.draft.tokenIssuedAt },
      })),
    [],
  );

  /** After a successful submission: nothing of it stays in the browser. */
  const clear = useCallback(() => setState({ restored: false, draft: emptyDraft() }), []);

  return { draft: state.draft, restored: state.restored, update, reset, clear };
}

function hasAnswers(d: Draft): boolean {
  const empty = emptyValues();
  return (
    d.documents.length > 0 ||
    d.step > 0 ||
    TEXT_FIELDS.some((k) => d.values[k] !== empty[k]) ||
    d.values.categoryIds.length > 0 ||
    d.values.marketDayIds.length > 0
  );
}
