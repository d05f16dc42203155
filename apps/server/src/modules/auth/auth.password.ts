import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationMemberships, organizationSettings } from '../../db/schema/index.js';
import { checkPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/password.js';
import { validationFailed, weakPassword } from './auth.errors.js';

/**
 * Rejects a password that is too short, too common or easy to guess (422 weak_password with the reasons),
 * then hashes it. `knownWords` (the account's e-mail, its name) are what an attacker guesses first.
 */
export async function acceptNewPassword(
  password: string,
  knownWords: (string | null | undefined)[] = [],
  policy: { minLength?: number } = {},
): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  const verdict = await checkPassword(
    password,
    knownWords.filter((w): w is string => typeof w === 'string'),
    policy.minLength,
  );
  if (!verdict.ok) throw weakPassword(verdict.message, verdict.reasons);
  return hashPassword(password);
}

/** The name a sign-up gives in its metadata, as GoTrue's clients send it. */
export function metadataName(data: Record<string, unknown> | null | undefined): string | undefined {
  const name = data?.full_name ?? data?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * The shortest password the user's organization accepts (its security policy, settings), never below the floor;
 * the floor for a user of no organization. Pass it to acceptNewPassword where a member sets a password.
 */
export async function memberPasswordMinLength(db: DbOrTx, userId: string): Promise<number> {
  const res = await db.execute(sql`
    select (s.security->>'minPasswordLength')::int as "min"
    from ${organizationMemberships} m join ${organizationSettings} s on s.org_id = m.org_id
    where m.user_id = ${userId} limit 1`);
  const min = Number((res as unknown as { rows: { min: number | null }[] }).rows[0]?.min ?? 0);
  return Math.max(MIN_PASSWORD_LENGTH, Number.isFinite(min) ? min : 0);
}
