import { createHash } from 'node:crypto';
import type { catalogPublishingRoutes as c } from '@market/contracts';
import type { FeedFormat } from '@market/contracts/plain';
import { csvRow, formatMinor } from '../../lib/spreadsheet.js';

// A snapshot's items as files (decision 021): JSON, CSV (cells neutralised, R14) and Google Merchant RSS 2.0, written a
// page of items at a time; and the checksum. Pure. (The diff between snapshots is computed by PostgreSQL.)

type Item = c.FeedItem;

/** Items in one order (SKU, then id), so equal contents have equal checksums. */
export const sortItems = (items: Item[]): Item[] =>
  [...items].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Object keys sorted at every level: the same items always serialise to the same bytes. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * The checksum of items given in feed order, fed an item at a time: sha256 of the canonical JSON of the whole sorted
 * list, without ever holding the list.
 */
export function itemChecksum(): { add: (item: Item) => void; digest: () => string } {
  const hash = createHash('sha256').update('[');
  let first = true;
  return {
    add(item) {
      hash.update(first ? canonicalJson(item) : `,${canonicalJson(item)}`);
      first = false;
    },
    digest: () => hash.update(']').digest('hex'),
  };
}

export function checksumOf(items: Item[]): string {
  const sum = itemChecksum();
  for (const i of sortItems(items)) sum.add(i);
  return sum.digest();
}

export interface FeedContext {
  locales: readonly string[];
  currencies: readonly string[];
  /** Minor digits per currency code. */
  digits: Record<string, number>;
  /** The shop's home (the feed's own link). */
  siteLink: string;
  /** Where an item's page is. */
  productLink: (item: { id: string; sku: string }) => string;
  channelName: string;
}

/**
 * A feed's links: with the channel's product address, {sku} and {id} replaced (URL-encoded) and the shop's origin as the
 * feed's link; without one, the product's page in this back office (readable by staff only, so a Google feed needs the
 * address set).
 */
export function feedLinks(template: string | null, publicUrl: string): Pick<FeedContext, 'siteLink' | 'productLink'> {
  if (!template) return { siteLink: publicUrl, productLink: (i) => `${publicUrl}/products/${encodeURIComponent(i.id)}` };
  return {
    siteLink: new URL(template.replaceAll('{sku}', 'x').replaceAll('{id}', 'x')).origin,
    productLink: (i) => template.replaceAll('{sku}', encodeURIComponent(i.sku)).replaceAll('{id}', encodeURIComponent(i.id)),
  };
}

const money = (item: Item, code: string, ctx: FeedContext) =>
  item.prices[code] === undefined ? '' : `${formatMinor(item.prices[code]!, ctx.digits[code] ?? 2)} ${code}`;

/** A feed file in three parts: its head, each item (in feed order, `separator` between two) and its tail. */
interface FeedParts {
  head: string;
  item: (i: Item) => string;
  separator: string;
  tail: string;
}

const jsonParts = (): FeedParts => ({ head: '{"items":[', item: (i) => JSON.stringify(i), separator: ',', tail: ']}' });

function csvParts(ctx: FeedContext): FeedParts {
  const header = [
    'id',
    'sku',
    ...ctx.locales.flatMap((l) => [`name_${l}`, `description_${l}`]),
    ...ctx.currencies.map((cur) => `price_${cur}`),
    'brand',
    'categories',
    'link',
    'image_link',
    'availability',
  ];
  const row = (i: Item) => [
    i.id,
    i.sku,
    ...ctx.locales.flatMap((l) => [i.names[l] ?? '', i.descriptions[l] ?? '']),
    ...ctx.currencies.map((cur) => money(i, cur, ctx)),
    i.brand ?? '',
    i.categories.join('|'),
    ctx.productLink(i),
    i.imageLink ?? '',
    i.availability,
  ];
  return { head: `${csvRow(header)}\r\n`, item: (i) => `${csvRow(row(i))}\r\n`, separator: '', tail: '' };
}

const xml = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const cut = (s: string, n: number) => ([...s].length > n ? [...s].slice(0, n).join('') : s);

/**
 * Google Merchant RSS 2.0: per item g:id (at most 50 characters: the SKU, else the product id), title (150) and
 * description (5,000) in the channel's first locale, link, g:image_link, g:availability, g:price in the channel's
 * first currency ("12.50 QAR"), g:brand and g:condition (new).
 */
function rssParts(ctx: FeedContext): FeedParts {
  const locale = ctx.locales[0] ?? 'en';
  const currency = ctx.currencies[0] ?? '';
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xml(ctx.channelName)}</title>`,
    `<link>${xml(ctx.siteLink)}</link>`,
    `<description>${xml(ctx.channelName)}</description>`,
  ];
  const item = (i: Item) => {
    const title = i.names[locale] || i.names.en || i.names.ar || i.sku;
    const description = i.descriptions[locale] || i.descriptions.en || i.descriptions.ar || title;
    return [
      '<item>',
      `<g:id>${xml(cut(i.sku.length <= 50 ? i.sku : i.id, 50))}</g:id>`,
      `<title>${xml(cut(title, 150))}</title>`,
      `<description>${xml(cut(description, 5000))}</description>`,
      `<link>${xml(ctx.productLink(i))}</link>`,
      ...(i.imageLink ? [`<g:image_link>${xml(i.imageLink)}</g:image_link>`] : []),
      `<g:availability>${i.availability}</g:availability>`,
      ...(currency && i.prices[currency] !== undefined ? [`<g:price>${xml(money(i, currency, ctx))}</g:price>`] : []),
      ...(i.brand ? [`<g:brand>${xml(i.brand)}</g:brand>`] : []),
      '<g:condition>new</g:condition>',
      '</item>',
    ].join('\n');
  };
  return { head: `${head.join('\n')}\n`, item: (i) => `${item(i)}\n`, separator: '', tail: '</channel>\n</rss>\n' };
}

const partsOf = (format: FeedFormat, ctx: FeedContext): FeedParts =>
  format === 'json' ? jsonParts() : format === 'csv' ? csvParts(ctx) : rssParts(ctx);

/** A feed written a page of items at a time (pages in feed order): the text of each page, head first, tail last. */
export async function* feedChunks(format: FeedFormat, pages: AsyncIterable<Item[]>, ctx: FeedContext): AsyncGenerator<string> {
  const parts = partsOf(format, ctx);
  let first = true;
  yield parts.head;
  for await (const page of pages) {
    if (!page.length) continue;
    yield (first ? '' : parts.separator) + page.map(parts.item).join(parts.separator);
    first = false;
  }
  yield parts.tail;
}

/** A whole feed of some items (sorted into feed order first). */
function renderWhole(format: FeedFormat, items: Item[], ctx: FeedContext): string {
  const parts = partsOf(format, ctx);
  return parts.head + sortItems(items).map(parts.item).join(parts.separator) + parts.tail;
}

export const toCsvFeed = (items: Item[], ctx: FeedContext): string => renderWhole('csv', items, ctx);
export const toRssFeed = (items: Item[], ctx: FeedContext): string => renderWhole('rss', items, ctx);

export const FEED_TYPES: Record<FeedFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};
