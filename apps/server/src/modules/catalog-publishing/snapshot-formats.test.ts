import { describe, expect, it } from 'vitest';
import { checksumOf, feedChunks, feedLinks, itemChecksum, toCsvFeed, toRssFeed, type FeedContext } from './snapshot-formats.js';

const item = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  sku: `SKU-${id}`,
  names: { en: `Item ${id}` },
  descriptions: { en: 'Good' },
  prices: { QAR: 1250 },
  brand: 'Acme',
  categories: ['Food'],
  imageLink: null,
  availability: 'in_stock' as const,
  ...over,
});
const ctx: FeedContext = {
  locales: ['en'],
  currencies: ['QAR'],
  digits: { QAR: 2 },
  ...feedLinks('https://shop.example/p/{sku}?ref={id}', 'https://m.example'),
  channelName: 'Web',
};

describe('snapshot formats', () => {
  it('has one checksum for the same items in any order and another for any change', () => {
    const a = [item('1'), item('2')];
    expect(checksumOf(a)).toBe(checksumOf([...a].reverse()));
    expect(checksumOf(a)).not.toBe(checksumOf([item('1'), item('2', { prices: { QAR: 1251 } })]));
  });

  it('writes a feed page by page exactly as it writes it whole, and hashes items one at a time as it hashes the list', async () => {
    const items = Array.from({ length: 7 }, (_, k) => item(String(k), { names: { en: `Item "${k}", <${k}>` } }));
    async function* pages() {
      yield items.slice(0, 3);
      yield [];
      yield items.slice(3);
    }
    const streamed = async (format: 'json' | 'csv' | 'rss') => {
      let out = '';
      for await (const chunk of feedChunks(format, pages(), ctx)) out += chunk;
      return out;
    };
    expect(await streamed('csv')).toBe(toCsvFeed(items, ctx));
    expect(await streamed('rss')).toBe(toRssFeed(items, ctx));
    expect(JSON.parse(await streamed('json'))).toEqual({ items });
    const sum = itemChecksum();
    for (const i of items) sum.add(i);
    expect(sum.digest()).toBe(checksumOf([...items].reverse()));
    expect(itemChecksum().digest()).toBe(checksumOf([]));
  });

  it('writes Google Merchant RSS with escaped text, the price with its currency and the g: namespace', () => {
    const rss = toRssFeed([item('1', { names: { en: 'Tom & Jerry <mug>' }, brand: null })], ctx);
    expect(rss).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    expect(rss).toContain('<title>Tom &amp; Jerry &lt;mug&gt;</title>');
    expect(rss).toContain('<g:price>12.50 QAR</g:price>');
    expect(rss).toContain('<g:condition>new</g:condition>');
    expect(rss).not.toContain('<g:brand>');
  });

  it("links each item to the shop's page when the channel has its address, else to the back office", () => {
    const one = [item('1', { sku: 'A B/1' })];
    const rss = toRssFeed(one, ctx);
    expect(rss).toContain('<link>https://shop.example</link>');
    expect(rss).toContain('<link>https://shop.example/p/A%20B%2F1?ref=1</link>');
    const staff = toRssFeed(one, { ...ctx, ...feedLinks(null, 'https://m.example') });
    expect(staff).toContain('<link>https://m.example</link>');
    expect(staff).toContain('<link>https://m.example/products/1</link>');
  });

  it('neutralises CSV cells a spreadsheet would run', () => {
    const csv = toCsvFeed([item('1', { names: { en: '=1+1' }, brand: '@cmd' })], ctx);
    expect(csv).toContain(`'=1+1`);
    expect(csv).toContain(`'@cmd`);
  });
});
