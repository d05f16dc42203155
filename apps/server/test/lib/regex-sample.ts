import type { Rng } from './prng.js';

/**
 * Produces strings matching a JavaScript regular expression, for the subset JSON Schema patterns use:
 * literals, escapes (\d \w \s and escaped punctuation), classes with ranges and negation, groups,
 * alternation, anchors and quantifiers. Lookarounds are skipped, so callers re-check the result.
 */
type Node =
  | { kind: 'alt'; options: Node[][] }
  | { kind: 'chars'; set: string[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

const DIGITS = '0123456789'.split('');
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'.split('');
const SPACE = [' ', '\t'];
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const UNBOUNDED_EXTRA = 6;

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new Error(`Unsupported pattern at ${this.i}: ${this.src}`);
    return node;
  }

  private alternation(): Node {
    const options: Node[][] = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return { kind: 'alt', options };
  }

  private sequence(): Node[] {
    const seq: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      seq.push(this.quantified(atom));
    }
    return seq;
  }

  private quantified(node: Node): Node {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '?') [min, max] = [0, 1];
    else if (c === '*') [min, max] = [0, UNBOUNDED_EXTRA];
    else if (c === '+') [min, max] = [1, 1 + UNBOUNDED_EXTRA];
    else if (c === '{' && /^\{\d+(,\d*)?\}/.test(this.src.slice(this.i))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i))!;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : min + UNBOUNDED_EXTRA;
      this.i += m[0].length - 1;
    } else return node;
    this.i++;
    if (this.src[this.i] === '?') this.i++; // lazy quantifier: same language
    return { kind: 'repeat', node, min, max };
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    if (c === '^' || c === '$') return { kind: 'empty' };
    if (c === '.') return { kind: 'chars', set: PRINTABLE };
    if (c === '[') return this.charClass();
    if (c === '\\') return { kind: 'chars', set: this.escape() };
    if (c === '(') {
      let lookaround = false;
      if (this.src[this.i] === '?') {
        const m = /^\?(:|=|!|<=|<!|<[A-Za-z_][A-Za-z0-9_]*>)/.exec(this.src.slice(this.i));
        if (!m) throw new Error(`Unsupported group in ${this.src}`);
        lookaround = ['=', '!', '<=', '<!'].includes(m[1]!);
        this.i += m[0].length;
      }
      const inner = this.alternation();
      if (this.src[this.i++] !== ')') throw new Error(`Unclosed group in ${this.src}`);
      return lookaround ? { kind: 'empty' } : inner;
    }
    return { kind: 'chars', set: [c] };
  }

  private escape(): string[] {
    const c = this.src[this.i++]!;
    if (c === 'd') return DIGITS;
    if (c === 'w') return WORD;
    if (c === 's') return SPACE;
    if (c === 'D' || c === 'W' || c === 'S') {
      const excluded = new Set(c === 'D' ? DIGITS : c === 'W' ? WORD : SPACE);
      return PRINTABLE.filter((ch) => !excluded.has(ch));
    }
    if (c === 'n') return ['\n'];
    if (c === 't') return ['\t'];
    if (c === 'u') {
      const hex = this.src.slice(this.i, this.i + 4);
      this.i += 4;
      return [String.fromCharCode(parseInt(hex, 16))];
    }
    return [c];
  }

  private charClass(): Node {
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const set = new Set<string>();
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let chars: string[];
      if (this.src[this.i] === '\\') {
        this.i++;
        chars = this.escape();
      } else chars = [this.src[this.i++]!];
      if (chars.length === 1 && this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        let end: string;
        if (this.src[this.i] === '\\') {
          this.i++;
          end = this.escape()[0]!;
        } else end = this.src[this.i++]!;
        for (let code = chars[0]!.charCodeAt(0); code <= end.charCodeAt(0); code++) set.add(String.fromCharCode(code));
      } else chars.forEach((ch) => set.add(ch));
    }
    if (this.src[this.i++] !== ']') throw new Error(`Unclosed class in ${this.src}`);
    const list = negated ? PRINTABLE.filter((ch) => !set.has(ch)) : [...set];
    return { kind: 'chars', set: list };
  }
}

function emit(node: Node, rng: Rng, out: string[]): void {
  switch (node.kind) {
    case 'empty':
      return;
    case 'chars':
      out.push(rng.pick(node.set));
      return;
    case 'repeat': {
      const n = rng.int(node.min, node.max);
      for (let k = 0; k < n; k++) emit(node.node, rng, out);
      return;
    }
    case 'alt':
      for (const part of rng.pick(node.options)) emit(part, rng, out);
  }
}

const cache = new Map<string, Node>();

/** A random string the pattern (probably) matches; throws on constructs outside the supported subset. */
export function sampleRegex(pattern: string, rng: Rng): string {
  let ast = cache.get(pattern);
  if (!ast) {
    ast = new Parser(pattern).parse();
    cache.set(pattern, ast);
  }
  const out: string[] = [];
  emit(ast, rng, out);
  return out.join('');
}
