import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { Sellable } from './cart';
import { ItemSearch } from './item-search';
import type { LookupAnswer } from './use-lookup';

const oil: Sellable = {
  productId: '00000000-0000-4000-8000-000000000001',
  variantId: '00000000-0000-4000-8000-000000000002',
  sku: 'OIL-1',
  barcode: '6281000000017',
  nameEn: 'Olive oil',
  nameAr: 'زيت زيتون',
  vendorId: null,
  vendorName: null,
  price: 1200,
  taxRateBasisPoints: 0,
  tracksStock: true,
  stock: 10,
};

beforeEach(() => stubApi());

describe('ItemSearch', () => {
  it('keeps every scan when the next code is scanned before the last one’s lookup answers', async () => {
    // Each lookup waits until the test lets it answer, as a slow server would.
    const pending: (() => void)[] = [];
    const lookup = vi.fn(
      (term: string) =>
        new Promise<LookupAnswer>((resolve) => pending.push(() => resolve({ items: term === oil.barcode ? [oil] : [], offline: false }))),
    );
    const onAdd = vi.fn();
    await renderWithProviders(<ItemSearch lookup={lookup} onAdd={onAdd} currency="USD" />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Scan or search' });
    for (let i = 0; i < 2; i++) {
      fireEvent.change(input, { target: { value: oil.barcode } });
      fireEvent.keyDown(input, { key: 'Enter' });
      // The field is free for the next scan at once.
      await waitFor(() => expect(input.value).toBe(''));
    }
    expect(lookup).toHaveBeenCalledTimes(2);
    pending.forEach((answer) => answer());
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(2));
    expect(onAdd.mock.calls.map(([item]) => (item as Sellable).sku)).toEqual(['OIL-1', 'OIL-1']);
  });

  it('gives a term that is not a code back, with what matched it or a note that nothing did', async () => {
    const lookup = vi.fn(async () => ({ items: [], offline: false }));
    await renderWithProviders(<ItemSearch lookup={lookup} onAdd={vi.fn()} currency="USD" />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Scan or search' });
    fireEvent.change(input, { target: { value: 'QWERTZ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe('QWERTZ'));
    await screen.findByText('Nothing found for “QWERTZ”.');
  });
});
