import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast, luminance, over, parseColour, readableOn, themeTokens } from './contrast';
import { THEMES } from './theme-provider';

// Read from disk: Vitest does not load stylesheets, not even as ?raw.
const css = readFileSync(join(import.meta.dirname, '../../index.css'), 'utf8');
const tokens = themeTokens(css);
function tokensOf(theme: string): Record<string, string> {
  const found = tokens[theme];
  if (!found) throw new Error(`index.css has no block for the theme ${theme}`);
  return found;
}

/** A surface: a token, or a token at an opacity over another (e.g. `bg-destructive/5` on the page). */
type Surface = string | { token: string; alpha: number; on: string };

/** Text colour and the surfaces the app draws it on (see the utility classes used across src). */
const TEXT: [string, Surface[]][] = [
  ['foreground', ['background', 'card', 'muted', 'accent', { token: 'muted', alpha: 0.6, on: 'card' }]],
  [
    'muted-foreground',
    ['background', 'card', 'muted', 'accent', 'sidebar', 'sidebar-accent', { token: 'muted', alpha: 0.6, on: 'background' }],
  ],
  ['primary', ['background', 'card', 'muted', { token: 'primary', alpha: 0.1, on: 'background' }]],
  ['primary-foreground', ['primary']],
  ['accent-foreground', ['accent']],
  [
    'destructive',
    [
      'background',
      'card',
      'accent',
      { token: 'destructive', alpha: 0.1, on: 'background' },
      { token: 'destructive', alpha: 0.1, on: 'card' },
    ],
  ],
  ['destructive-foreground', ['destructive']],
  ['sidebar-foreground', ['sidebar', 'sidebar-accent']],
  ['foreground', ['sidebar', 'sidebar-accent']],
];

/** Focus rings and the primary fill of switches and selected controls: 3:1 against what is next to them. */
const NON_TEXT: [string, Surface[]][] = [
  ['ring', ['background', 'card', 'sidebar', 'muted']],
  ['primary', ['background', 'card']],
];

function colourOf(theme: Record<string, string>, name: string) {
  const value = theme[name];
  if (!value) throw new Error(`--${name} is not set`);
  return parseColour(value);
}

function surface(theme: Record<string, string>, s: Surface) {
  if (typeof s === 'string') return { name: s, colour: colourOf(theme, s) };
  const top = { ...colourOf(theme, s.token), a: s.alpha };
  return { name: `${s.token}/${s.alpha * 100} on ${s.on}`, colour: over(top, colourOf(theme, s.on)) };
}

function failures(pairs: [string, Surface[]][], minimum: number) {
  const found: string[] = [];
  for (const theme of THEMES) {
    const t = tokensOf(theme);
    for (const [fg, surfaces] of pairs) {
      for (const s of surfaces) {
        const { name, colour } = surface(t, s);
        const ratio = contrast(colourOf(t, fg), colour);
        if (ratio < minimum) found.push(`${theme}: ${fg} on ${name} is ${ratio.toFixed(2)}:1`);
      }
    }
  }
  return found;
}

describe('colour maths', () => {
  it('matches the WCAG figures for known colours', () => {
    expect(contrast(parseColour('#ffffff'), parseColour('#000000'))).toBeCloseTo(21, 5);
    expect(contrast(parseColour('#767676'), parseColour('#ffffff'))).toBeCloseTo(4.54, 2);
    expect(contrast(parseColour('hsl(0 0% 46.27%)'), parseColour('white'))).toBeCloseTo(4.54, 2);
  });

  it('converts OKLCH as CSS Color 4 does', () => {
    // oklch(0.628 0.2577 29.23) is sRGB red; oklch(0.5 0 0) is a grey of #636363.
    const red = parseColour('oklch(0.62796 0.25768 29.234)');
    expect([red.r, red.g, red.b].map((c) => Math.round(c * 255))).toEqual([255, 0, 0]);
    const grey = parseColour('oklch(50% 0 0)');
    expect(Math.round(grey.r * 255)).toBe(99);
  });

  it('composites a translucent colour and refuses a format it cannot read', () => {
    const half = over({ ...parseColour('#000000'), a: 0.5 }, parseColour('#ffffff'));
    expect(half.r).toBeCloseTo(0.5, 5);
    expect(() => parseColour('lab(50 0 0)')).toThrow(/Unsupported/);
  });

  it('picks black or white text that reads at least 4.5:1 on any colour', () => {
    for (const c of ['#94a3b8', '#1e3a8a', '#777777', '#ff0000', '#00ff00', '#767676', '#757575']) {
      expect(contrast(parseColour(readableOn(c)), parseColour(c))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('theme tokens (index.css)', () => {
  it('defines a block for every theme', () => {
    expect(Object.keys(tokens).sort()).toEqual([...THEMES].sort());
  });

  it('gives every text colour at least 4.5:1 on the surfaces it is drawn on, in every theme', () => {
    expect(failures(TEXT, 4.5)).toEqual([]);
  });

  it('gives focus rings and primary fills at least 3:1 next to the surfaces around them, in every theme', () => {
    expect(failures(NON_TEXT, 3)).toEqual([]);
  });

  it('applies the `dark:` colours (status badges, alerts) exactly in the themes with a dark page', () => {
    // Violet Nights' "Published" badges were dark green on its dark page: the variant only knew `.dark`.
    const variant = /@custom-variant dark \(([^;]*)\);/.exec(css)?.[1] ?? '';
    for (const theme of THEMES) {
      const dark = luminance(colourOf(tokensOf(theme), 'background')) < 0.18;
      expect(variant.includes(`.theme-${theme} *`), `${theme} (dark page: ${dark})`).toBe(dark);
    }
  });
});
