/** A small seeded generator (mulberry32), so a failing generated case can be replayed from its seed. */
export class Rng {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bool(p = 0.5): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  uuid(): string {
    const hex = (n: number) => Array.from({ length: n }, () => this.int(0, 15).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${this.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  }
}

/** Characters that tend to break naive code: RTL text, emoji (surrogate pairs), combining marks, zero-width and control characters. */
export const TRICKY_CHARS = [
  'é',
  'ß',
  'ع',
  'ب',
  '中',
  '😀',
  '👩‍💻',
  'a\u0301',
  '\u200b',
  '\u202e',
  '\t',
  '\n',
  '"',
  "'",
  '\\',
  '<',
  '>',
  '&',
  '%',
  '`',
  '$',
  '{',
  '}',
];
