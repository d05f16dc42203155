import { searchRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import CommandPalette from './command-palette';

// "Search everything..." (issue 14, header): the server is asked once typing pauses, its groups are shown with
// the pages and actions the viewer may use, and a failure says so with a way to try again.

const PRODUCT_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
let failing = false;
let api: ReturnType<typeof stubApi>;

beforeAll(() => {
  // cmdk scrolls the selected option into view; jsdom has no layout.
  Element.prototype.scrollIntoView ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  failing = false;
  api = stubApi([
    {
      method: 'GET',
      path: '/search',
      reply: (c) =>
        failing
          ? { status: 503, body: { error: { code: 'service_unavailable', message: 'Database unavailable' } } }
          : {
              body: searchRoutes.searchResultSchema.parse({
                q: c.query.get('q'),
                groups: [
                  {
                    group: 'products',
                    items: [
                      {
                        id: PRODUCT_ID,
                        label: 'Saffron threads',
                        labelAr: 'زعفران',
                        detail: 'SAF-1',
                        status: 'active',
                        date: null,
                        route: `/products/${PRODUCT_ID}`,
                      },
                    ],
                  },
                ],
              }),
            },
    },
  ]);
});

const searches = () => api.calls.filter((c) => c.path === '/search').map((c) => c.query.get('q'));

describe('command palette', () => {
  it('asks the server for what was typed and shows its groups with the actions the viewer may take', async () => {
    const { user } = await renderWithProviders(
      <CommandPalette open onOpenChange={() => {}} viewer={{ permissions: ['dashboard', 'assets'], effectiveRole: 'content' }} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Command palette' });
    // Without products, no "new product" action; Today is for everyone.
    expect(within(dialog).queryByRole('option', { name: 'Create a new product' })).toBeNull();
    expect(within(dialog).getByRole('option', { name: 'Open today’s view' })).toBeTruthy();
    // The word arrives as one input (focus, then paste): how typing pauses is useDebounced's own test, and a loaded
    // machine may pause longer than the debounce between simulated keys.
    within(dialog).getByRole('combobox').focus();
    await user.paste('saffron');
    const group = await within(dialog).findByRole('group', { name: 'Products' });
    expect(within(group).getByRole('option', { name: /Saffron threads/ }).textContent).toContain('SAF-1 · Active');
    // One request for the word.
    expect(searches()).toEqual(['saffron']);
    // Pages and actions are filtered by what was typed: none is called "saffron".
    expect(within(dialog).queryByRole('group', { name: 'Pages' })).toBeNull();
  });

  it('says a failed search failed and tries again on request', async () => {
    failing = true;
    const { user } = await renderWithProviders(
      <CommandPalette open onOpenChange={() => {}} viewer={{ permissions: ['products'], effectiveRole: 'inventory' }} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Command palette' });
    expect(within(dialog).getByRole('option', { name: 'Create a new product' })).toBeTruthy();
    within(dialog).getByRole('combobox').focus();
    await user.paste('oil');
    await within(dialog).findByText('Search failed. Check your connection and try again.');
    failing = false;
    await user.click(within(dialog).getByRole('option', { name: 'Try again' }));
    await within(dialog).findByRole('group', { name: 'Products' });
    await waitFor(() => expect(searches()).toEqual(['oil', 'oil']));
  });
});
