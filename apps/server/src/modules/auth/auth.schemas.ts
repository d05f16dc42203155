import { z } from 'zod';
import { unprocessable, validationFailed } from './auth.errors.js';

/** auth-js sends null for unused options (code_challenge: null), so optional fields accept null too. */
const str = z.string().max(4096).nullish();

/**
 * Metadata travels in every access token of the user: past this size (serialised) the tokens grow
 * too large for headers and the account is locked out, so it is refused at the edge.
 */
export const MAX_METADATA_BYTES = 16 * 1024;
const TOO_LARGE = 'metadata_too_large';

export const metadataBytes = (value: Record<string, unknown>) => Buffer.byteLength(JSON.stringify(value), 'utf8');

export const metadataTooLarge = (field: string) =>
  unprocessable('validation_failed', `${field}: metadata must be at most ${MAX_METADATA_BYTES} bytes when serialised as JSON`);

/** For metadata merged into what is stored (PUT /user, admin update): the result must fit as well. */
export function checkMetadataSize(field: string, value: Record<string, unknown>): void {
  if (metadataBytes(value) > MAX_METADATA_BYTES) throw metadataTooLarge(field);
}

const metadata = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    if (metadataBytes(value) > MAX_METADATA_BYTES) ctx.addIssue({ code: 'custom', message: TOO_LARGE });
  })
  .nullish();
const bool = z.boolean().nullish();

export const signupBody = z.object({
  email: str,
  phone: str,
  password: str,
  data: metadata,
  channel: str,
  code_challenge: str,
  code_challenge_method: str,
});

export const passwordGrantBody = z.object({ email: str, phone: str, password: str });
export const refreshGrantBody = z.object({ refresh_token: str });

export const otpBody = z.object({
  email: str,
  phone: str,
  data: metadata,
  create_user: bool,
  channel: str,
  code_challenge: str,
  code_challenge_method: str,
});

export const verifyBody = z.object({
  type: z.string().max(40),
  token: str,
  token_hash: str,
  email: str,
  phone: str,
  redirect_to: str,
});

export const verifyQuery = z.object({
  token: z.string().max(512).optional(),
  type: z.string().max(40).optional(),
  redirect_to: z.string().max(2048).optional(),
});

export const emailOnlyBody = z.object({ email: str, code_challenge: str, code_challenge_method: str });
export const resendBody = z.object({
  email: str,
  phone: str,
  type: z.string().max(40),
  code_challenge: str,
  code_challenge_method: str,
});

export const updateUserBody = z.object({
  email: str,
  phone: str,
  password: str,
  nonce: str,
  current_password: str,
  data: metadata,
  code_challenge: str,
  code_challenge_method: str,
});

export const logoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });
export const redirectQuery = z.object({ redirect_to: z.string().max(2048).optional() });

export const enrollBody = z.object({
  factor_type: z.string().max(20),
  friendly_name: z.string().max(120).nullish(),
  issuer: z.string().max(120).nullish(),
  phone: str,
});
export const challengeBody = z.object({ channel: str }).nullish();
export const mfaVerifyBody = z.object({ challenge_id: z.string().max(64), code: z.string().max(20) });

export const adminUserBody = z.object({
  id: str,
  email: str,
  phone: str,
  password: str,
  password_hash: str,
  email_confirm: bool,
  phone_confirm: bool,
  user_metadata: metadata,
  app_metadata: metadata,
  role: z.string().max(64).nullish(),
  ban_duration: z.string().max(64).nullish(),
});

export const listUsersQuery = z.object({
  page: z.string().max(10).optional(),
  per_page: z.string().max(10).optional(),
  filter: z.string().max(254).optional(),
});

export const deleteUserBody = z.object({ should_soft_delete: bool }).nullish();
export const inviteBody = z.object({ email: z.string().max(4096), data: metadata });
export const generateLinkBody = z.object({
  type: z.enum(['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new']),
  email: z.string().max(4096),
  password: str,
  new_email: str,
  data: metadata,
  redirect_to: str,
});

function describe(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const path = i.path.join('.');
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join('; ');
}

/** PostgreSQL text and jsonb cannot hold U+0000 (nor should metadata nest without end): refused up front. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object') return false;
  if (depth > 32) return true;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** Parses a body, query or params; an absent body counts as `{}`. A mismatch is the caller's mistake (400). */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (hasNul(input)) throw validationFailed('Invalid request: text must not contain the NUL character, nor nest deeper than 32 levels');
  const result = schema.safeParse(input === undefined || input === null ? {} : input);
  if (!result.success) {
    const oversize = result.error.issues.find((i) => i.message === TOO_LARGE);
    if (oversize) throw metadataTooLarge(oversize.path.join('.'));
    throw validationFailed(`Invalid request: ${describe(result.error)}`);
  }
  return result.data;
}
