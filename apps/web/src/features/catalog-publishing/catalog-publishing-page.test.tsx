import { catalogPublishingRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiHandler } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import CatalogPublishingPage from './catalog-publishing-page';

// The publishing screen against contract-shaped answers: channels, the preview with its reasons and manual lists,
// a publish the server asks to confirm, the diff of a snapshot, the feed token shown once, and a new channel.

const STAMP = '2026-03-01T09:00:00.000Z';
const WEB = '6b1d8e4f-2c3a-4d9b-8e7f-1a2b3c4d5e6f';
const P1 = '7c2e9f50-3d4b-4e0c-9f80-2b3c4d5e6f70';
const P2 = '8d3f0a61-4e5c-4f1d-a091-3c4d5e6f7081';
const FAMILY = '9e4a1b72-5f6d-4a2e-b1a2-4d5e6f708192';
const ATTR = 'af5b2c83-6a7e-4b3f-82b3-5e6f708192a3';

const summary = (over: Record<string, unknown> = {}) =>
  catalogPublishingRoutes.listSnapshots.response.element.parse({
    id: 'b06c3d94-7b8f-4c40-93c4-6f708192a3b4',
    number: 2,
    itemCount: 2,
    checksum: 'a'.repeat(64),
    added: 0,
    removed: 0,
    changed: 1,
    rolledBackFrom: null,
    scheduled: false,
    itemsKept: true,
    createdAt: STAMP,
    ...over,
  });
const channel = (over: Record<string, unknown> = {}) =>
  catalogPublishingRoutes.listChannels.response.element.parse({
    id: WEB,
    kind: 'web',
    name: 'Web shop',
    locales: ['en', 'ar'],
    currencies: ['QAR'],
    categoryRootId: null,
    requirements: [],
    rules: { activeOnly: true, minCompleteness: 50, categoryIds: [], brandIds: [], vendorIds: [] },
    includeIds: [],
    excludeIds: [],
    schedules: [],
    maxRemovalPercent: 20,
    keepSnapshots: 20,
    productUrlTemplate: null,
    hasFeedToken: false,
    latestSnapshot: summary(),
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  });
const options = {
  categories: [],
  brands: [],
  vendors: [],
  families: [
    { id: FAMILY, nameEn: 'Food', nameAr: 'طعام', attributes: [{ id: ATTR, nameEn: 'Origin', nameAr: 'المنشأ', localizable: false }] },
  ],
  currencies: [{ code: 'QAR', isBase: true }],
};

function serve(more: ApiHandler[] = []) {
  return stubApi([
    ...more,
    { method: 'GET', path: '/catalog-publishing/channels', reply: () => ({ body: [channel()] }) },
    { method: 'GET', path: '/catalog-publishing/options', reply: () => ({ body: options }) },
    {
      method: 'GET',
      path: '/catalog-publishing/channels/:id/completeness',
      reply: () => ({
        body: {
          locales: [{ locale: 'en', products: 2, complete: 1, averageScore: 83 }],
          lowest: [
            {
              productId: P2,
              sku: 'JAR-2',
              nameEn: 'Jar',
              nameAr: 'برطمان',
              completeness: { en: { score: 66, required: 3, missing: [ATTR] } },
            },
          ],
        },
      }),
    },
    {
      method: 'GET',
      path: '/catalog-publishing/channels/:id/preview',
      reply: () => ({
        body: {
          items: [
            {
              id: P1,
              sku: 'HONEY-1',
              nameEn: 'Honey',
              nameAr: 'عسل',
              included: true,
              reasons: ['matches_rules'],
              completeness: { en: 100 },
            },
            {
              id: P2,
              sku: 'JAR-2',
              nameEn: 'Jar',
              nameAr: 'برطمان',
              included: false,
              reasons: ['not_active', 'below_completeness'],
              completeness: { en: 66 },
            },
          ],
          nextCursor: null,
          totals: { included: 1, excluded: 1 },
        },
      }),
    },
    {
      method: 'GET',
      path: '/catalog-publishing/channels/:id/snapshots',
      reply: () => ({
        body: [summary({ scheduled: true }), summary({ id: 'c17d4ea5-8c9a-4d51-a4d5-708192a3b4c5', number: 1, added: 2, changed: 0 })],
      }),
    },
    {
      method: 'GET',
      path: '/catalog-publishing/channels/:id/snapshots/:number',
      reply: () => ({
        body: {
          // The lists hold the first entries; the counts are whole.
          ...summary({ changed: 1201 }),
          diff: { added: [], removed: [], changed: [{ id: P1, sku: 'HONEY-1', fields: ['names', 'prices'] }] },
          locales: ['en'],
          currencies: ['QAR'],
        },
      }),
    },
  ]);
}

const render = () =>
  renderWithProviders(
    <>
      <CatalogPublishingPage />
      <Toaster />
    </>,
  );

describe('catalog publishing', () => {
  it('shows the channel’s completeness and, in the preview, why each product is in or out', async () => {
    const api = serve([
      { method: 'PATCH', path: '/catalog-publishing/channels/:id', reply: () => ({ body: channel({ excludeIds: [P1] }) }) },
    ]);
    const { user } = await render();
    expect(await screen.findByText('Average 83%')).toBeTruthy();
    expect(await screen.findByText(/Missing: Origin/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const jar = (await screen.findByRole('rowheader', { name: /Jar/ })).closest('tr')!;
    expect(within(jar).getByText('Not active · Not complete enough')).toBeTruthy();
    expect(screen.getByText('1 in, 1 out')).toBeTruthy();
    const honey = screen.getByRole('rowheader', { name: /Honey/ }).closest('tr')!;
    await user.click(within(honey).getByRole('button', { name: 'Always exclude' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ includeIds: [], excludeIds: [P1], expectedUpdatedAt: STAMP });
  });

  it('asks before a publish that removes too much, then sends it again confirmed', async () => {
    let sent = 0;
    const api = serve([
      {
        method: 'POST',
        path: '/catalog-publishing/channels/:id/publish',
        reply: () =>
          ++sent === 1
            ? {
                status: 409,
                body: {
                  error: {
                    code: 'conflict',
                    message: "This would remove 2 of the channel's 2 items, more than 20%; send it again with confirm: true to publish",
                    fields: [{ field: 'confirm', message: 'would remove 2 of 2 items' }],
                  },
                },
              }
            : { status: 201, body: summary({ number: 3, itemCount: 0, removed: 2, changed: 0 }) },
      },
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/would remove 2 of the channel's 2 items/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    expect(await screen.findByText('Snapshot 3 published with 0 items')).toBeTruthy();
    const posts = api.calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([{}, { confirm: true }]);
  });

  it('shows how far a running publish has come, then its result', async () => {
    let finish: () => void = () => {};
    const api = serve([
      {
        method: 'POST',
        path: '/catalog-publishing/channels/:id/publish',
        reply: () =>
          new Promise((resolve) => {
            finish = () => resolve({ status: 201, body: summary({ number: 3, itemCount: 1205 }) });
          }),
      },
      {
        method: 'GET',
        path: '/catalog-publishing/channels/:id/publish-progress',
        reply: () => ({ body: { publishing: true, done: 1000, total: 1205, startedAt: STAMP } }),
      },
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Publishing… 1,000 of 1,205' })).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Items written to the new snapshot' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1000, 1205]);
    finish();
    expect(await screen.findByText('Snapshot 3 published with 1,205 items')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/publish-progress'))).toBe(true);
  });

  it('shows the diff of the latest snapshot and the feed token once', async () => {
    serve([
      {
        method: 'POST',
        path: '/catalog-publishing/channels/:id/feed-token',
        reply: () => ({ status: 201, body: { token: 'tok-123', feedPath: `/catalog-publishing/feeds/${WEB}` } }),
      },
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('tab', { name: 'Snapshots' }));
    const diff = await screen.findByTestId('snapshot-diff');
    // Snapshot 2 was written when a scheduled date came; 1 by a person.
    expect(screen.getAllByText('Applied by schedule')).toHaveLength(1);
    expect(within(diff).getByText('Snapshot 2 against the one before')).toBeTruthy();
    expect(within(diff).getByText('Changed (1,201)')).toBeTruthy();
    expect(within(diff).getByText(/name, price/)).toBeTruthy();
    expect(within(diff).getByText('The first 1 in SKU order; 1,200 more are in the snapshot’s download.')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Feed' }));
    await user.click(await screen.findByRole('button', { name: 'Make a token' }));
    expect(await screen.findByText('Copy these now: the token is not shown again.')).toBeTruthy();
    expect(screen.getByText(new RegExp(`/api/v1/catalog-publishing/feeds/${WEB}/rss\\?token=tok-123`))).toBeTruthy();
  });

  it('adds a channel with its languages and the attributes a family must fill', async () => {
    const api = serve([
      {
        method: 'POST',
        path: '/catalog-publishing/channels',
        reply: () => ({ status: 201, body: channel({ id: 'd28e5fb6-9dab-4e62-b5e6-8192a3b4c5d6', name: 'Stall' }) }),
      },
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Stall');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'pos');
    await user.click(within(dialog).getByLabelText('Arabic'));
    await user.selectOptions(within(dialog).getByLabelText('Add a family…'), FAMILY);
    await user.click(within(dialog).getByLabelText('Origin'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      kind: 'pos',
      name: 'Stall',
      locales: ['en'],
      requirements: [{ familyId: FAMILY, attributeIds: [ATTR] }],
      rules: { activeOnly: true, minCompleteness: 0 },
      maxRemovalPercent: 20,
      keepSnapshots: 20,
      productUrlTemplate: null,
    });
  });

  it('marks snapshots whose items are no longer kept, without downloads or republishing', async () => {
    const OLD = 'c17d4ea5-8c9a-4d51-a4d5-708192a3b4c5';
    serve([
      {
        method: 'GET',
        path: '/catalog-publishing/channels/:id/snapshots',
        reply: () => ({
          body: [
            summary({ number: 3, id: 'e39f60c7-0ebc-4f73-86f7-92a3b4c5d6e7' }),
            summary(),
            summary({ id: OLD, number: 1, added: 2, changed: 0, itemsKept: false }),
          ],
        }),
      },
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('tab', { name: 'Snapshots' }));
    await screen.findByTestId('snapshot-diff');
    const row = (n: number) => screen.getByRole('button', { name: `Changes of snapshot ${n}` }).closest('tr')!;
    expect(within(row(1)).getByText('Items no longer kept')).toBeTruthy();
    expect(
      within(row(1))
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Changes of snapshot 1']);
    expect(within(row(2)).queryByText('Items no longer kept')).toBeNull();
    expect(within(row(2)).getByRole('button', { name: 'Download JSON (2)' })).toBeTruthy();
    expect(within(row(2)).getByRole('button', { name: 'Republish' })).toBeTruthy();
    expect(
      screen.getByText('This channel keeps the items of its latest 20 snapshots; older ones can no longer be downloaded or republished.'),
    ).toBeTruthy();
  });

  it('asks for a count of kept snapshots from 2 to 500 before it saves', async () => {
    const api = serve([
      {
        method: 'POST',
        path: '/catalog-publishing/channels',
        reply: () => ({ status: 201, body: channel({ id: 'd28e5fb6-9dab-4e62-b5e6-8192a3b4c5d6', name: 'Stall', keepSnapshots: 5 }) }),
      },
    ]);
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Stall');
    const keep = within(dialog).getByLabelText('Snapshots that keep their items');
    expect((keep as HTMLInputElement).value).toBe('20');
    await user.clear(keep);
    await user.type(keep, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A whole number from 2 to 500')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(keep);
    await user.type(keep, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Stall', keepSnapshots: 5 });
  });
});
