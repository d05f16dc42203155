import { productsRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n/i18n-provider';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import ProductVariantsPage from './product-variants-page';

// The grid's product filter (issue 14 #2): opened from a product's link it names that product, and it
// searches every product on the server rather than offering the first 200.

const STAMP = '2025-03-01T10:00:00.000Z';
const listItem = (i: number, sku: string, nameEn: string, nameAr = '') =>
  productsRoutes.listProducts.response.parse({
    items: [
      {
        id: `a1b2c3d4-0000-4000-8000-${String(i).padStart(12, '0')}`,
        sku,
        nameEn,
        nameAr,
        status: 'active',
        priceMinor: 100,
        brand: null,
        vendor: null,
        family: null,
        categories: [],
        completenessScore: 100,
        variantCount: 2,
        imageUrl: null,
        createdAt: STAMP,
        updatedAt: STAMP,
      },
    ],
    nextCursor: null,
  }).items[0]!;
// 3,000 products: the one the link names sorts last and is not among the first page.
const CATALOGUE = Array.from({ length: 3000 }, (_, i) => listItem(i + 2, `A-${String(i).padStart(4, '0')}`, `Item ${i}`));
const linked = listItem(1, 'ZZ-NEW', 'Brand new lamp', 'مصباح جديد');
CATALOGUE.push(linked);

let api: ReturnType<typeof stubApi>;
const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;
const productSearches = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/products').map((c) => c.query.get('q'));

beforeEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  api = stubApi([
    { method: 'GET', path: '/product-variants', reply: () => ({ body: { items: [], nextCursor: null } }) },
    {
      method: 'GET',
      path: '/products/form-options',
      reply: () => ({
        body: { brands: [], taxClasses: [], vendors: [], categories: [], families: [], currency: null },
      }),
    },
    {
      method: 'GET',
      path: '/products/:id',
      reply: (c) => {
        const item = CATALOGUE.find((p) => c.path.endsWith(p.id));
        if (!item) return { status: 404, body: { error: { code: 'not_found', message: 'Product not found' } } };
        return {
          body: {
            ...item,
            descriptionEn: '',
            descriptionAr: '',
            brandId: null,
            familyId: null,
            vendorId: null,
            taxClassId: null,
            categoryIds: [],
            values: {},
            variantAxes: [],
            media: [],
            completeness: { en: { score: 100, required: 2, missing: [] }, ar: { score: 100, required: 2, missing: [] } },
            version: 1,
            createdBy: null,
            updatedBy: null,
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/products',
      reply: (c) => {
        const q = (c.query.get('q') ?? '').toLowerCase();
        const limit = Number(c.query.get('limit'));
        const hits = CATALOGUE.filter((p) => !q || `${p.sku} ${p.nameEn} ${p.nameAr}`.toLowerCase().includes(q));
        return { body: { items: hits.slice(0, limit), nextCursor: hits.length > limit ? 'more' : null } };
      },
    },
  ]);
});

describe('variants grid product filter', () => {
  it('names the linked product, searches the server, and is operated by the keyboard', async () => {
    const { user } = await renderWithProviders(<ProductVariantsPage />, { route: `/product-variants?productId=${linked.id}` });
    const box = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(valueOf(box)).toBe('ZZ-NEW — Brand new lamp'));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    const grid = api.calls.find((c) => c.path === '/product-variants');
    expect(grid?.query.get('productId')).toBe(linked.id);

    await user.click(box);
    await user.keyboard('{Control>}a{/Control}lamp');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Product' });
    await waitFor(() => within(list).getByRole('option', { name: 'ZZ-NEW — Brand new lamp' }));
    // The search ran on the server with what was typed (debounced: not once per key).
    expect(productSearches()).toContain('lamp');
    expect(productSearches()).not.toContain('la');

    // First option is "All products"; Arrow Down moves to the product, Enter picks it.
    expect(within(list).getAllByRole('option')[0]!.textContent).toBe('All products');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(valueOf(box)).toBe('ZZ-NEW — Brand new lamp');

    // Escape closes without changing the filter; choosing "All products" clears it.
    await user.click(box);
    await user.keyboard('A-00');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(valueOf(box)).toBe('ZZ-NEW — Brand new lamp');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(1));
    await user.keyboard('{Enter}');
    expect(valueOf(box)).toBe('');
    expect(box.getAttribute('placeholder')).toBe('All products');
  });

  it('shows the linked product by its Arabic name in Arabic', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await renderWithProviders(<ProductVariantsPage />, { route: `/product-variants?productId=${linked.id}` });
    const box = screen.getByRole('combobox', { name: 'المنتج' });
    await waitFor(() => expect(valueOf(box)).toBe('ZZ-NEW — مصباح جديد'));
  });
});
