// The visual order of one line of mixed Arabic and Latin text, for drawing it with two fonts (pdf/document.ts).
//
// A reduced form of the Unicode bidirectional algorithm, enough for the documents we print (names, memos,
// document numbers, amounts, dates): every character is strong Arabic (right to left), strong other (left to right:
// Latin letters and digits) or neutral (spaces, punctuation). A neutral takes the direction of its neighbours when
// both agree, else the line's. Directional runs are laid out in the line's order (reversed on a right-to-left
// line); inside a right-to-left run the pieces are laid out from the right. Each piece is drawn in one call with the
// font that has its characters: the shaper joins Arabic letters and lays an Arabic piece (one word: spaces are Latin
// pieces) out right to left itself, so a piece's text stays in logical order.

export type Dir = 'ltr' | 'rtl';
export type FontFace = 'arabic' | 'latin';

export interface Piece {
  text: string;
  face: FontFace;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u089F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const NEUTRAL = /[\s\p{P}\p{S}]/u;

type Kind = 'rtl' | 'ltr' | 'neutral';
const kindOf = (ch: string): Kind => (ARABIC.test(ch) ? 'rtl' : NEUTRAL.test(ch) ? 'neutral' : 'ltr');

/** Consecutive characters with the same value of `key`, in order. */
function groups<T>(chars: readonly string[], key: (ch: string, i: number) => T): { value: T; text: string }[] {
  const out: { value: T; text: string }[] = [];
  chars.forEach((ch, i) => {
    const value = key(ch, i);
    const last = out.at(-1);
    if (last && last.value === value) last.text += ch;
    else out.push({ value, text: ch });
  });
  return out;
}

/** The pieces of a line, left to right as they are drawn. */
export function visualPieces(text: string, base: Dir): Piece[] {
  // Directional marks (Intl puts them around Arabic currency signs) are layout hints the fonts have no glyph for.
  const chars = [...text.replace(/[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, '')];
  const kinds = chars.map(kindOf);
  // Resolve neutrals: the direction of the strong characters on both sides when they agree, else the line's.
  const strongBefore: (Dir | null)[] = [];
  let seen: Dir | null = null;
  for (const k of kinds) {
    if (k !== 'neutral') seen = k;
    strongBefore.push(seen);
  }
  const resolved: Dir[] = new Array<Dir>(chars.length);
  let after: Dir | null = null;
  for (let i = chars.length - 1; i >= 0; i--) {
    const k = kinds[i]!;
    if (k !== 'neutral') {
      after = k;
      resolved[i] = k;
    } else resolved[i] = strongBefore[i] && strongBefore[i] === after ? after! : base;
  }
  const runs = groups(chars, (_, i) => resolved[i]!);
  if (base === 'rtl') runs.reverse();
  const pieces: Piece[] = [];
  for (const run of runs) {
    // The Arabic face has Arabic letters only: digits, spaces and punctuation are drawn with the Latin one.
    const faces = groups([...run.text], (ch) => (ARABIC.test(ch) ? 'arabic' : 'latin'));
    const ordered = run.value === 'rtl' ? faces.reverse() : faces;
    for (const f of ordered) pieces.push({ text: f.text, face: f.value });
  }
  return pieces;
}
