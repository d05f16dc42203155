export const MIN_PASSWORD_LENGTH = 10;
/** argon2 accepts anything, but a megabyte "password" is an attack on CPU, not a password. */
export const MAX_PASSWORD_LENGTH = 256;

export type WeakPasswordReason = 'length' | 'pwned' | 'characters';

export interface PasswordVerdict {
  ok: boolean;
  reasons: WeakPasswordReason[];
  message: string;
}

let common: Promise<Set<string>> | null = null;

/** The ~49,000 most common passwords of zxcvbn-ts, loaded once on first use (not at start-up). */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const list = dictionary['passwords-common'];
    if (list.length < 10_000) throw new Error('the common-password list is missing or too short');
    return new Set(list.map((p) => p.toLowerCase()));
  });
  return common;
}

/** GoTrue's weak-password reasons: too short, or on the list of known common passwords. */
export async function checkPassword(password: string): Promise<PasswordVerdict> {
  const reasons: WeakPasswordReason[] = [];
  const messages: string[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    reasons.push('length');
    messages.push(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if ((await commonPasswords()).has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return { ok: reasons.length === 0, reasons, message: messages.join(' ') };
}
