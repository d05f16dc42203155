import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { OrderBody } from './cart';
import { drainQueue, isRefusal, memoryQueueStore, queuedSale, type Recorded } from './sale-queue';
import { searchSnapshot } from './snapshot-store';

// The outbox's rules: oldest first, a network failure keeps the sale and stops the run, a refusal keeps the sale
// for a person and the run goes on, an answer (alreadyRecorded or not) removes it.

const body = (id: string): OrderBody => ({
  id,
  registerId: '44444444-4444-4444-8444-444444444444',
  sessionId: '55555555-5555-4555-8555-555555555555',
  soldAt: '2026-03-01T09:05:00.000Z',
  lines: [{ productId: '11111111-1111-4111-8111-111111111111', quantity: 1, unitPrice: 100 }],
  payments: [{ tender: 'cash', amount: 100 }],
});
const recorded = (id: string, alreadyRecorded = false) =>
  ({ order: { id, receiptNumber: '000001' }, alreadyRecorded }) as unknown as Recorded;
const at = (id: string, minute: number) => queuedSale(body(id), new Date(`2026-03-01T09:0${minute}:00Z`));

describe('sale queue', () => {
  it('sends oldest first and counts an already recorded sale as sent', async () => {
    const store = memoryQueueStore([at('b', 2), at('a', 1), at('c', 3)]);
    const sent: string[] = [];
    const out = await drainQueue(store, async (b) => (sent.push(b.id), recorded(b.id, b.id === 'b')));
    expect(sent).toEqual(['a', 'b', 'c']);
    expect([...out.values()].every((o) => o.kind === 'sent')).toBe(true);
    expect(await store.list()).toEqual([]);
  });

  it('keeps a sale the network failed to deliver and stops; marks a refused one and goes on', async () => {
    const store = memoryQueueStore([at('a', 1), at('b', 2), at('c', 3)]);
    const sent: string[] = [];
    await drainQueue(store, async (b) => {
      sent.push(b.id);
      if (b.id === 'a')
        throw new ApiError(409, 'conflict', 'Not enough stock', [{ field: 'lines.0.quantity', message: 'only 0 in stock' }]);
      if (b.id === 'b') throw new TypeError('Failed to fetch');
      return recorded(b.id);
    });
    expect(sent).toEqual(['a', 'b']);
    const rows = Object.fromEntries((await store.list()).map((s) => [s.id, s]));
    expect(rows.a).toMatchObject({
      status: 'refused',
      lastError: 'Not enough stock',
      fields: [{ field: 'lines.0.quantity', message: 'only 0 in stock' }],
    });
    expect(rows.b).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Failed to fetch' });
    expect(rows.c).toMatchObject({ status: 'pending', attempts: 0 });

    // The next run skips the refused sale and sends the others.
    sent.length = 0;
    await drainQueue(store, async (b) => (sent.push(b.id), recorded(b.id)));
    expect(sent).toEqual(['b', 'c']);
    expect((await store.list()).map((s) => s.id)).toEqual(['a']);
  });

  it('tells a refusal from a failure that may pass', () => {
    expect(isRefusal(new ApiError(422, 'validation_failed', 'x'))).toBe(true);
    expect(isRefusal(new ApiError(409, 'conflict', 'x'))).toBe(true);
    for (const status of [0, 401, 408, 429, 500, 502, 503]) expect(isRefusal(new ApiError(status, 'x', 'x'))).toBe(false);
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
    expect(isRefusal(new SyntaxError('Unexpected token <'))).toBe(false);
  });
});

describe('offline lookup in the snapshot', () => {
  const items = [
    { sku: 'HNY-1', barcode: '111', nameEn: 'Wild honey', nameAr: 'عسل بري' },
    { sku: 'OIL-1', barcode: '6281000000017', nameEn: 'Olive oil', nameAr: 'زيت زيتون' },
    { sku: 'HNY-OIL', barcode: null, nameEn: 'Honey & oil box', nameAr: 'علبة عسل وزيت' },
  ].map((x, i) => ({
    ...x,
    productId: `0000000${i}-0000-4000-8000-000000000000`,
    variantId: null,
    vendorId: null,
    vendorName: null,
    price: 100,
    taxRateBasisPoints: 0,
    tracksStock: false,
    stock: null,
  }));

  it('finds a barcode or SKU exactly first, then names in English or Arabic in any case', () => {
    expect(searchSnapshot(items, '6281000000017').map((i) => i.sku)).toEqual(['OIL-1']);
    expect(searchSnapshot(items, 'hny-oil').map((i) => i.sku)).toEqual(['HNY-OIL']);
    expect(searchSnapshot(items, 'HONEY').map((i) => i.sku)).toEqual(['HNY-1', 'HNY-OIL']);
    expect(searchSnapshot(items, 'عسل').map((i) => i.sku)).toEqual(['HNY-1', 'HNY-OIL']);
    // Arabic spellings fold as the server's search does (taa marbuta as heh).
    expect(searchSnapshot(items, 'علبه').map((i) => i.sku)).toEqual(['HNY-OIL']);
    expect(searchSnapshot(items, '  ')).toEqual([]);
  });
});
