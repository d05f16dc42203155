import type { ApplicationStream } from '@market/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { fieldErrors, hasFieldErrors } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import {
  editApplication,
  orgOfPage,
  submitApplication,
  useApplicationForm,
  type ApplicantView,
  type EditBody,
} from './applications-public-api';
import { toAnswers, toSubmission } from './apply-payload';
import { minorDigits, requiredDocTypes, stepOfField, STEPS, valuesFromAnswers, type DraftDocument, type FormValues } from './apply-model';
import { serverProblems, validateAll, validateStep, type Problems, type ValidationContext } from './apply-validate';
import { TOKEN_REFRESH_AFTER_MS, useApplicationDraft } from './use-application-draft';

/** Editing a submitted application from its status page instead of applying. */
export interface WizardEdit {
  token: string;
  org: string | null;
  answers: Record<string, unknown>;
  /** Document types the application already holds (they count for the categories' requirements). */
  heldTypes: string[];
  onSaved: (view: ApplicantView) => void;
}

export interface WizardAlert {
  title: string;
  detail?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The state and rules of the multi-step form: the draft, the step, the browser's checks per step,
 * the form token's age, submission, and the server's answers mapped back to fields and steps.
 */
export function useApplicationWizard(stream: ApplicationStream, edit?: WizardEdit) {
  const { t, language } = useI18n();
  const org = useMemo(() => (edit ? edit.org : orgOfPage()), [edit]);
  const formQ = useApplicationForm(stream, org);
  const form = formQ.data;
  const { draft, restored, update, reset, clear } = useApplicationDraft(stream, org, edit ? 'edit' : 'apply');
  const editAnswers = edit?.answers;
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<WizardAlert | null>(null);
  const [fax, setFax] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [doneEmail, setDoneEmail] = useState<string | null>(null);
  /** Bumped to move focus after a render: to the step's heading, or to the first field with a problem. */
  const [focus, setFocus] = useState<{ to: 'heading' | 'invalid' | 'alert'; n: number }>({ to: 'heading', n: 0 });
  const steps = STEPS[stream];
  const step = Math.min(draft.step, steps.length - 1);
  const currencyDigits = form ? minorDigits(form.organization.currency) : 2;
  const heldTypes = edit?.heldTypes;
  const requiredTypes = useMemo(
    () =>
      form && stream !== 'workshop'
        ? requiredDocTypes(form.categories, draft.values.categoryIds).filter((type) => !heldTypes?.includes(type))
        : [],
    [form, stream, draft.values.categoryIds, heldTypes],
  );
  const ctx: ValidationContext = { stream, documents: draft.documents, requiredTypes, currencyDigits };
  const focusOn = (to: 'heading' | 'invalid' | 'alert') => setFocus((f) => ({ to, n: f.n + 1 }));

  // Editing starts from the stored answers (files already sent stay with the application).
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    if (!form || !editAnswers || seeded) return;
    setSeeded(true);
    update(() => ({
      values: valuesFromAnswers(editAnswers, minorDigits(form.organization.currency)),
      documents: [],
      step: 0,
      formToken: null,
      tokenIssuedAt: null,
    }));
  }, [form, editAnswers, seeded, update]);

  // A new form answer brings a fresh token; the draft keeps its own while it is young enough, and
  // choices the form no longer offers (a day whose window closed) are dropped.
  useEffect(() => {
    if (!form) return;
    const issuedAt = formQ.dataUpdatedAt || Date.now();
    update((d) => {
      const stale = !d.formToken || !d.tokenIssuedAt || Date.now() - d.tokenIssuedAt > TOKEN_REFRESH_AFTER_MS;
      const categoryIds = d.values.categoryIds.filter((id) => form.categories.some((c) => c.id === id));
      const marketDayIds = d.values.marketDayIds.filter((id) => form.marketDays.some((m) => m.id === id));
      if (!stale && categoryIds.length === d.values.categoryIds.length && marketDayIds.length === d.values.marketDayIds.length) return d;
      return {
        ...d,
        formToken: stale ? form.formToken : d.formToken,
        tokenIssuedAt: stale ? issuedAt : d.tokenIssuedAt,
        values: { ...d.values, categoryIds, marketDayIds },
      };
    });
  }, [form, formQ.dataUpdatedAt, update]);

  const set = useCallback(
    <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
      update((d) => ({ ...d, values: { ...d.values, [key]: value } }));
      setProblems((p) => {
        if (!(key in p)) return p;
        const { [key]: _gone, ...rest } = p;
        return rest;
      });
    },
    [update],
  );

  const setDocuments = useCallback(
    (change: (docs: DraftDocument[]) => DraftDocument[]) => {
      update((d) => ({ ...d, documents: change(d.documents) }));
      setProblems((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !k.startsWith('documents'))));
    },
    [update],
  );

  const goTo = (i: number) => {
    update((d) => ({ ...d, step: Math.max(0, Math.min(i, steps.length - 1)) }));
    focusOn('heading');
  };

  const next = () => {
    const p = validateStep(steps[step]!, draft.values, ctx);
    setProblems(p);
    if (Object.keys(p).length) return focusOn('invalid');
    goTo(step + 1);
  };
  const back = () => {
    setProblems({});
    goTo(step - 1);
  };

  const startOver = () => {
    reset();
    setProblems({});
    setAlert(null);
    focusOn('heading');
  };

  const renewToken = async (): Promise<{ token: string; issuedAt: number } | null> => {
    const r = await formQ.refetch();
    if (!r.data) return null;
    const fresh = { token: r.data.formToken, issuedAt: Date.now() };
    update((d) => ({ ...d, formToken: fresh.token, tokenIssuedAt: fresh.issuedAt }));
    return fresh;
  };

  /** The server's refusal, on the field it names (and its step) or in the alert above the form. */
  const showError = async (e: unknown) => {
    if (!(e instanceof ApiError)) return setAlert({ title: t('apply.error.network') });
    if (e.status === 429) return setAlert({ title: t('apply.error.tooMany'), detail: e.message });
    if (e.status === 409) return setAlert({ title: t('apply.error.duplicate'), detail: e.message });
    if (e.status === 404) return setAlert({ title: t('apply.error.noOrganization'), detail: e.message });
    if (hasFieldErrors(e, ['formToken'])) {
      await renewToken();
      return setAlert({ title: t('apply.error.formRenewed') });
    }
    const { problems: mapped, unplaced } = serverProblems(fieldErrors(e), draft.documents);
    const keys = Object.keys(mapped);
    if (keys.length) {
      setProblems(mapped);
      const first = Math.min(...keys.map((k) => stepOfField(stream, k.split('.')[0]!)));
      update((d) => ({ ...d, step: first }));
    }
    setAlert({
      title: keys.length ? t('apply.error.fixFields') : t('apply.error.failed'),
      detail: unplaced.join('; ') || (keys.length ? undefined : e.message),
    });
  };

  const submit = async () => {
    if (!form || submitting) return;
    const all = validateAll(steps, draft.values, ctx);
    if (all.firstStep >= 0) {
      setProblems(all.problems);
      update((d) => ({ ...d, step: all.firstStep }));
      return focusOn('invalid');
    }
    setSubmitting(true);
    setAlert(null);
    if (edit) {
      try {
        const answers = toAnswers(stream, draft.values, draft.documents, currencyDigits);
        const view = await editApplication({ token: edit.token, stream, locale: language === 'ar' ? 'ar' : 'en', answers } as EditBody);
        clear();
        edit.onSaved(view);
      } catch (e) {
        await showError(e);
        focusOn('alert');
      } finally {
        setSubmitting(false);
      }
      return;
    }
    try {
      let token = draft.formToken;
      let issuedAt = draft.tokenIssuedAt;
      if (!token || !issuedAt || Date.now() - issuedAt > TOKEN_REFRESH_AFTER_MS) {
        const fresh = await renewToken();
        token = fresh?.token ?? form.formToken;
        issuedAt = fresh?.issuedAt ?? Date.now();
      }
      // The server quietly drops a form sent faster than a person could; a quick person waits a moment instead.
      const wait = issuedAt + (form.minFillSeconds + 1) * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      await submitApplication(
        toSubmission({ stream, org, formToken: token, fax, language, values: draft.values, documents: draft.documents, currencyDigits }),
      );
      setDoneEmail(draft.values.email.trim());
      clear();
    } catch (e) {
      await showError(e);
      focusOn('alert');
    } finally {
      setSubmitting(false);
    }
  };

  const anotherApplication = () => {
    setDoneEmail(null);
    startOver();
  };

  return {
    stream,
    org,
    formQ,
    form,
    draft,
    restored: edit ? false : restored,
    editing: Boolean(edit),
    steps,
    step,
    problems,
    alert,
    fax,
    setFax,
    submitting,
    doneEmail,
    focus,
    requiredTypes,
    currencyDigits,
    set,
    setDocuments,
    goTo,
    next,
    back,
    submit,
    startOver,
    anotherApplication,
  };
}
export type Wizard = ReturnType<typeof useApplicationWizard>;
