import { FORM_TOKEN_MAX_AGE_DAYS, type ApplicationStream } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import { AppError, invalid } from '../../lib/errors.js';
import { deriveKey, signPayload, verifyPayload } from '../../lib/seal.js';

/** Timings of the public forms; tests move the clock and shorten the fill time instead of sleeping. */
export interface ApplicationsTuning {
  /** A form sent back sooner than this after it was opened is taken for a bot and not stored. */
  minFillSeconds: number;
  now: () => number;
}

const DEFAULT_TUNING: Readonly<ApplicationsTuning> = { minFillSeconds: 5, now: () => Date.now() };
const tunings = new WeakMap<AppContext, ApplicationsTuning>();

export function applicationsTuning(ctx: AppContext): ApplicationsTuning {
  let t = tunings.get(ctx);
  if (!t) tunings.set(ctx, (t = { ...DEFAULT_TUNING }));
  return t;
}

/** Changes the public forms' timings of one app (tests). */
export function configureApplications(ctx: AppContext, patch: Partial<ApplicationsTuning>): void {
  Object.assign(applicationsTuning(ctx), patch);
}

const keys = new WeakMap<AppContext, Buffer>();
function formKey(ctx: AppContext): Buffer {
  let k = keys.get(ctx);
  if (!k) keys.set(ctx, (k = deriveKey(ctx.config.jwtSecret, 'application-form')));
  return k;
}

/** Signs when a form of the organization and stream was handed out (the start of filling it in). */
export function issueFormToken(ctx: AppContext, orgId: string, stream: ApplicationStream): string {
  return signPayload(formKey(ctx), `${orgId}:${stream}:${applicationsTuning(ctx).now()}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const notValid = () =>
  new AppError(400, 'bad_request', 'formToken: The form is not valid; reload the page', [
    { field: 'formToken', message: 'The form is not valid; reload the page' },
  ]);

/**
 * Checks a form token against the organization and stream it is sent for. Returns whether it was
 * filled in too fast to be a person (the caller drops such submissions without a word); a forged or
 * foreign token is a 400, an old one a 422 that tells the applicant their answers are kept.
 */
export function checkFormToken(ctx: AppContext, token: string, orgId: string, stream: ApplicationStream): { tooFast: boolean } {
  const payload = verifyPayload(formKey(ctx), token);
  const [tokenOrg, tokenStream, issued] = payload?.split(':') ?? [];
  const issuedAt = Number(issued);
  if (tokenOrg !== orgId || tokenStream !== stream || !/^\d{1,15}$/.test(issued ?? '') || !Number.isSafeInteger(issuedAt)) throw notValid();
  const age = applicationsTuning(ctx).now() - issuedAt;
  if (age > FORM_TOKEN_MAX_AGE_DAYS * DAY_MS) {
    throw invalid('formToken', `The form is more than ${FORM_TOKEN_MAX_AGE_DAYS} days old; reload the page, your answers are kept`);
  }
  return { tooFast: age < applicationsTuning(ctx).minFillSeconds * 1000 };
}
