import { checkPassword, MAX_PASSWORD_LENGTH } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/password.js';
import { validationFailed, weakPassword } from './auth.errors.js';

/** Rejects a password that is too short or too common (422 weak_password with GoTrue's reasons), then hashes it. */
export async function acceptNewPassword(password: string): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  const verdict = await checkPassword(password);
  if (!verdict.ok) throw weakPassword(verdict.message, verdict.reasons);
  return hashPassword(password);
}
