import { checkPassword, MAX_PASSWORD_LENGTH } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/password.js';
import { validationFailed, weakPassword } from './auth.errors.js';

/**
 * Rejects a password that is too short, too common or easy to guess (422 weak_password with the reasons),
 * then hashes it. `knownWords` (the account's e-mail, its name) are what an attacker guesses first.
 */
export async function acceptNewPassword(password: string, knownWords: (string | null | undefined)[] = []): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  const verdict = await checkPassword(
    password,
    knownWords.filter((w): w is string => typeof w === 'string'),
  );
  if (!verdict.ok) throw weakPassword(verdict.message, verdict.reasons);
  return hashPassword(password);
}

/** The name a sign-up gives in its metadata, as GoTrue's clients send it. */
export function metadataName(data: Record<string, unknown> | null | undefined): string | undefined {
  const name = data?.full_name ?? data?.name;
  return typeof name === 'string' ? name : undefined;
}
