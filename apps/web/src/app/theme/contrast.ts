/**
 * WCAG contrast of the theme tokens (index.css): CSS colours (oklch, hsl, rgb, hex) to sRGB, alpha composited as a
 * browser paints, then the WCAG 2 relative luminance and contrast ratio. Used by the theme test; small and exact.
 */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const encode = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);
const decode = (c: number) => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));

function numberOf(token: string, scale: number): number {
  return token.endsWith('%') ? (parseFloat(token) / 100) * scale : parseFloat(token);
}

/** OKLCH (CSS Color 4) to gamma-encoded sRGB, clipped to the gamut as the browser clips it. */
function oklchToRgb(l: number, c: number, h: number): [number, number, number] {
  const rad = (h * Math.PI) / 180;
  const a = c * Math.cos(rad);
  const b = c * Math.sin(rad);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const lin = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return lin.map((v) => clamp(encode(clamp(v)))) as [number, number, number];
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** Parses one CSS colour value; throws on a format it does not know (so a test cannot pass by skipping a token). */
export function parseColour(value: string): Rgba {
  const v = value.trim().toLowerCase();
  if (v === 'white') return { r: 1, g: 1, b: 1, a: 1 };
  if (v === 'black') return { r: 0, g: 0, b: 0, a: 1 };
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v)?.[1];
  if (digits) {
    const h = digits.length === 3 ? [...digits].map((x) => x + x).join('') : digits;
    return { r: parseInt(h.slice(0, 2), 16) / 255, g: parseInt(h.slice(2, 4), 16) / 255, b: parseInt(h.slice(4, 6), 16) / 255, a: 1 };
  }
  const fn = /^(oklch|hsla?|rgba?)\(([^)]*)\)$/.exec(v);
  if (!fn) throw new Error(`Unsupported colour: ${value}`);
  const [, kind = '', args = ''] = fn;
  const [main = '', alpha] = args.split('/');
  const parts = main.split(/[\s,]+/).filter(Boolean);
  const rest = parts.length === 4 ? parts.pop() : alpha;
  const a = rest === undefined ? 1 : numberOf(rest.trim(), 1);
  if (parts.length !== 3) throw new Error(`Unsupported colour: ${value}`);
  const [x = '', y = '', z = ''] = parts;
  let rgb: [number, number, number];
  if (kind === 'oklch') rgb = oklchToRgb(numberOf(x, 1), numberOf(y, 0.4), parseFloat(z));
  else if (kind.startsWith('hsl')) rgb = hslToRgb(parseFloat(x), numberOf(y, 1), numberOf(z, 1));
  else rgb = [numberOf(x, 255) / 255, numberOf(y, 255) / 255, numberOf(z, 255) / 255];
  return { r: rgb[0], g: rgb[1], b: rgb[2], a };
}

/** A translucent colour painted over an opaque one (in sRGB, as browsers composite). */
export function over(top: Rgba, below: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b), a: 1 };
}

/** WCAG 2 relative luminance, from the 8-bit channels a screen shows (as axe computes it). */
export function luminance(c: Rgba): number {
  const ch = (x: number) => decode(Math.round(clamp(x) * 255) / 255);
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}

export function contrast(a: Rgba, b: Rgba): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Whichever of black and white reads better on a colour: at least 4.58:1 on any opaque colour. */
export function readableOn(background: string): '#000000' | '#ffffff' {
  const bg = parseColour(background);
  return contrast(bg, parseColour('#000000')) >= contrast(bg, parseColour('#ffffff')) ? '#000000' : '#ffffff';
}

/**
 * The custom properties of each theme block in a stylesheet: `:root` is the default theme, `.theme-<name>`
 * the others, each falling back to `:root` for what it does not set.
 */
export function themeTokens(css: string): Record<string, Record<string, string>> {
  const blocks: Record<string, Record<string, string>> = {};
  for (const [, selector = '', body = ''] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(:root|\.theme-[\w-]+)\s*\{([^}]*)\}/g)) {
    const name = selector === ':root' ? 'default' : selector.slice('.theme-'.length);
    const vars = (blocks[name] ??= {});
    for (const [, key = '', value = ''] of body.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) vars[key] = value.trim();
  }
  const root = blocks.default ?? {};
  return Object.fromEntries(Object.entries(blocks).map(([name, vars]) => [name, { ...root, ...vars }]));
}
