import { assetsRoutes } from '@market/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import AssetsPage from './assets-page';

// The asset library's search is live like the product search (issue 14 #4), and its cards' accessible
// names carry their visible text (issue 14 #11, WCAG 2.5.3 Label in Name).

const STAMP = '2025-03-01T10:00:00.000Z';
const asset = (i: number, fileName: string, sizeBytes: number) =>
  assetsRoutes.listAssets.response.shape.items.element.parse({
    id: `b1b2c3d4-0000-4000-8000-${String(i).padStart(12, '0')}`,
    bucketId: 'public',
    path: `banners/${fileName}`,
    folder: 'banners',
    fileName,
    mimeType: 'image/png',
    sizeBytes,
    width: 10,
    height: 10,
    checksum: 'x'.repeat(64),
    url: `/storage/v1/object/public/x/${fileName}`,
    thumbnailUrl: null,
    altEn: 'A red banner',
    altAr: '',
    tags: [],
    createdAt: STAMP,
    updatedAt: STAMP,
  });
const LIBRARY = [asset(1, 'red-banner.png', 2048), asset(2, 'blue-mug.png', 512)];

let api: ReturnType<typeof stubApi>;
const searches = () => api.calls.filter((c) => c.path === '/assets').map((c) => c.query.get('q'));

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

beforeEach(() => {
  api = stubApi([
    {
      method: 'GET',
      path: '/assets',
      reply: (c) => {
        const q = (c.query.get('q') ?? '').toLowerCase();
        const items = LIBRARY.filter((a) => a.fileName.includes(q));
        return { body: { items, total: items.length, page: 1, limit: 48 } };
      },
    },
    { method: 'GET', path: '/assets/folders', reply: () => ({ body: [] }) },
    { method: 'GET', path: '/assets/tags', reply: () => ({ body: [] }) },
  ]);
});

describe('asset library', () => {
  it('searches as one types (debounced, no Enter), keeping the search in the address', async () => {
    const { user } = await renderWithProviders(
      <>
        <AssetsPage />
        <Address />
      </>,
      { route: '/assets' },
    );
    const grid = await screen.findByTestId('asset-grid');
    expect(within(grid).getAllByRole('button')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'blue');
    await waitFor(() => expect(within(screen.getByTestId('asset-grid')).getAllByRole('button')).toHaveLength(1));
    expect(screen.getByTestId('address').textContent).toBe('?q=blue');
    // One request for the finished word, not one per key.
    expect(searches().filter(Boolean)).toEqual(['blue']);
    await act(async () => {
      await user.clear(screen.getByRole('searchbox', { name: 'Search assets' }));
    });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('names each card with its visible text (Label in Name)', async () => {
    await renderWithProviders(<AssetsPage />, { route: '/assets' });
    // The accessible name as Testing Library computes it for role queries.
    const names = new Map<Element, string>();
    const grid = await screen.findByTestId('asset-grid');
    const cards = within(grid).getAllByRole('button', { name: (name, el) => (names.set(el, name), true) });
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const visible = [...card.querySelectorAll('span')].map((s) => s.textContent ?? '').filter((s) => s.trim());
      expect(visible.length).toBeGreaterThan(0);
      for (const text of visible) expect(names.get(card)).toContain(text);
      // Checkers read the card's text as one string: its lines must not run together ("red-banner.png2.0 KB").
      expect(names.get(card)).toContain((card.textContent ?? '').replace(/\s+/g, ' ').trim());
    }
    expect(names.get(cards[0]!)).toBe('Open details of red-banner.png 2.0 KB');
  });
});
