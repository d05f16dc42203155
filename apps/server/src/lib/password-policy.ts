import { PASSWORD_LENGTH_FLOOR } from '@market/contracts/plain';

/** The floor for every password; an organization's security policy may raise it (settings), never lower it. */
export const MIN_PASSWORD_LENGTH = PASSWORD_LENGTH_FLOOR;
/** argon2 accepts anything, but a megabyte "password" is an attack on CPU, not a password. */
export const MAX_PASSWORD_LENGTH = 256;

/** The lowest zxcvbn score accepted: 3 means about 10^8 guesses or more ("safely unguessable" behind argon2id). */
export const MIN_PASSWORD_SCORE = 3;

/** GoTrue's reasons, plus `strength`: long enough and not on the list, but still easy to guess (repeats, keyboard rows, words). */
export type WeakPasswordReason = 'length' | 'pwned' | 'characters' | 'strength';

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

type Estimator = {
  check(password: string, userInputs?: string[]): { score: number; feedback: { warning: string | null; suggestions: string[] } };
};
let estimator: Promise<Estimator> | null = null;

/** zxcvbn-ts with its common and English dictionaries and keyboard graphs, built once on first use. */
function strengthEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  return estimator;
}

/** "fatima.alsayed@example.com" and "Fatima Alsayed" become fatima, alsayed, example: words of 3+ letters or digits. */
const knownWords = (inputs: string[]) => [
  ...new Set(inputs.flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3)),
];

/**
 * GoTrue's weak-password reasons: too short (under the floor or the organization's `minLength`), on the list of known common passwords, or (ours) guessable
 * by a strength estimate. `userInputs` (the e-mail, the name) count as words an attacker knows.
 */
export async function checkPassword(
  password: string,
  userInputs: string[] = [],
  minLength: number = MIN_PASSWORD_LENGTH,
): Promise<PasswordVerdict> {
  const reasons: WeakPasswordReason[] = [];
  const messages: string[] = [];
  const least = Math.max(MIN_PASSWORD_LENGTH, minLength);
  if ([...password].length < least) {
    reasons.push('length');
    messages.push(`Password should be at least ${least} characters.`);
  }
  if ((await commonPasswords()).has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  if (reasons.length === 0) {
    const { score, feedback } = (await strengthEstimator()).check(password, knownWords(userInputs));
    if (score < MIN_PASSWORD_SCORE) {
      reasons.push('strength');
      const why = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
      messages.push(`Password is too easy to guess.${why ? ` ${why}` : ''} Use a few unrelated words or a longer mix.`);
    }
  }
  return { ok: reasons.length === 0, reasons, message: messages.join(' ') };
}
