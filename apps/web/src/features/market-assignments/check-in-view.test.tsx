import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi, type ApiCall, type ApiReply } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import type { CheckInList, CheckInResult, CheckInRow } from './check-in-api';
import { CHECK_IN_QUEUE_STORAGE_KEY, type QueuedAction } from './check-in-queue';
import { CheckInView } from './check-in-view';

// The check-in screen against contract-shaped answers. The test browser has no IndexedDB, so the queue lives
// in localStorage (the fallback), which is also how a test plants the queue a previous visit left behind.

const DAY = '6f1e2d3c-4b5a-4978-8877-665544332211';
const STAMP = '2025-11-15T08:00:00.000Z';

const row = (n: number, over: Partial<CheckInRow> = {}): CheckInRow => ({
  assignmentId: `00000000-0000-4000-8000-00000000000${n}`,
  vendorId: `a${n}b2c3d4-0000-4000-8000-000000000000`,
  vendorName: `Vendor ${n}`,
  vendorCode: `a${n}b2c3d4`,
  slotId: `10000000-0000-4000-8000-00000000000${n}`,
  slotCode: `A${n}`,
  categoryId: '20000000-0000-4000-8000-000000000000',
  categoryNameEn: 'Crafts',
  categoryNameAr: 'حرف',
  categoryColour: '#22aa88',
  status: 'confirmed',
  checkedInAt: null,
  refusals: [],
  lastAction: null,
  ...over,
});

const list = (rows: CheckInRow[]): CheckInList => ({
  marketDayId: DAY,
  date: '2025-11-15',
  dayStatus: 'published',
  locationNameEn: 'Harbour',
  locationNameAr: 'الميناء',
  rows,
});

/**
 * The server: the list, and POST /check-ins answered by `answer` when given (it may call `record` for the
 * server's usual success: the booking checked in or marked no-show).
 */
function serve(rows: CheckInRow[], answer?: (c: ApiCall, record: () => ApiReply) => ApiReply | Promise<ApiReply>) {
  const current = new Map(rows.map((r) => [r.assignmentId, r]));
  const record = (c: ApiCall): ApiReply => {
    const b = c.body as { id: string; assignmentId: string; action: 'check_in' | 'no_show'; recordedAt: string; overrideReason?: string };
    const status = b.action === 'check_in' ? 'checked_in' : 'no_show';
    const updated: CheckInRow = { ...current.get(b.assignmentId)!, status, checkedInAt: b.action === 'check_in' ? STAMP : null };
    current.set(b.assignmentId, updated);
    const checkIn = { ...b, overrideReason: b.overrideReason ?? null, recordedBy: null, createdAt: STAMP };
    const body: CheckInResult = { checkIn, row: updated, replayed: false, alreadyCheckedIn: false, alreadyNoShow: false };
    return { body };
  };
  return stubApi([
    { method: 'GET', path: '/market-days/:id/check-in', reply: () => ({ body: list([...current.values()]) }) },
    { method: 'POST', path: '/check-ins', reply: (c) => (answer ? answer(c, () => record(c)) : record(c)) },
  ]);
}

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  delete (window.navigator as { onLine?: boolean }).onLine;
});

const posts = (api: ReturnType<typeof serve>) => api.calls.filter((c) => c.method === 'POST' && c.path === '/check-ins');
const rowOf = async (name: string) => (await screen.findByText(name)).closest('li')!;
const persisted = (): QueuedAction[] => JSON.parse(localStorage.getItem(CHECK_IN_QUEUE_STORAGE_KEY) ?? '[]');

describe('check-in offline queue', () => {
  it('queues an action taken offline, shows it waiting, and sends it once when the browser is online again', async () => {
    const api = serve([row(1), row(2)]);
    const { user } = await renderWithProviders(<CheckInView marketDayId={DAY} />);
    const item = await rowOf('Vendor 1');
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/You are offline/)).toBeTruthy();

    await user.click(within(item).getByRole('button', { name: 'Check in' }));
    expect(await within(item).findByText('Check-in waiting to sync')).toBeTruthy();
    expect(screen.getByText('Waiting to sync: 1')).toBeTruthy();
    expect(persisted()).toHaveLength(1);
    expect(posts(api)).toHaveLength(0);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(item).getByText('Checked in')).toBeTruthy());
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();
    expect(persisted()).toEqual([]);
    // Once: a second online event finds nothing left to send.
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.body).toMatchObject({ assignmentId: row(1).assignmentId, action: 'check_in', id: persistedId(api) });
  });

  it('sends the queue a previous visit left behind after a reload (remount)', async () => {
    const api = serve([row(1), row(2)]);
    online = false;
    const first = await renderWithProviders(<CheckInView marketDayId={DAY} />);
    const item = await rowOf('Vendor 2');
    await first.user.click(within(item).getByRole('button', { name: 'No-show' }));
    await first.user.click(within(item).getByRole('button', { name: 'Confirm no-show' }));
    await waitFor(() => expect(persisted()).toHaveLength(1));
    const queuedId = persisted()[0]!.id;
    first.unmount();
    expect(posts(api)).toHaveLength(0);

    online = true;
    await renderWithProviders(<CheckInView marketDayId={DAY} />);
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]!.body).toMatchObject({ id: queuedId, action: 'no_show', assignmentId: row(2).assignmentId });
    await waitFor(() => expect(persisted()).toEqual([]));
    expect(within(await rowOf('Vendor 2')).getByText('No-show')).toBeTruthy();
  });

  it('keeps an action whose sending failed on the network and sends it again with the same id', async () => {
    let down = true;
    const api = serve([row(1)], (_c, record) => {
      if (down) throw new TypeError('Failed to fetch');
      return record();
    });
    const { user } = await renderWithProviders(<CheckInView marketDayId={DAY} />);
    const item = await rowOf('Vendor 1');
    await user.click(within(item).getByRole('button', { name: 'Check in' }));
    expect(await within(item).findByText('Check-in waiting to sync')).toBeTruthy();
    expect(persisted()).toHaveLength(1);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(within(item).getByText('Checked in')).toBeTruthy());
    const sent = posts(api).map((c) => (c.body as { id: string }).id);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
  });
});

describe('check-in refusals', () => {
  it('shows the reasons of a 409 refusal, and sends an override with its reason', async () => {
    let refuse = true;
    const unpaid = { code: 'unpaid', message: 'an issued invoice of this booking is not paid' } as const;
    const api = serve([row(1, { refusals: [unpaid] })], (_c, record) => {
      if (!refuse) return record();
      const fields = [
        { field: unpaid.code, message: unpaid.message },
        { field: 'document_expired', message: 'insurance expired on 2025-11-01' },
      ];
      return { status: 409, body: { error: { code: 'conflict', message: 'Check-in refused', fields } } };
    });
    const { user } = await renderWithProviders(<CheckInView marketDayId={DAY} />);
    const item = await rowOf('Vendor 1');
    await user.click(within(item).getByRole('button', { name: 'Check in' }));
    const alert = await within(item).findByRole('alert');
    expect(alert.textContent).toContain('Check-in refused: Unpaid invoice, Document expired or missing');
    // The refused action is not kept: nothing waits to sync.
    expect(persisted()).toEqual([]);
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();

    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Override' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Check in anyway' }));
    expect(within(dialog).getByText('Enter a reason.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason for the override'), 'Pays at the gate');
    await user.click(within(dialog).getByRole('button', { name: 'Check in anyway' }));
    await waitFor(() => expect(within(item).getByText('Checked in')).toBeTruthy());
    const [refused, overridden] = posts(api).map((c) => c.body as { id: string; overrideReason?: string });
    expect(overridden).toMatchObject({ overrideReason: 'Pays at the gate' });
    expect(overridden!.id).not.toBe(refused!.id);
  });

  it('drops an action the server refuses for good (422) and says it was not recorded', async () => {
    const api = serve([row(1)], () => ({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'id: was already used',
          fields: [{ field: 'id', message: 'was already used for another check-in' }],
        },
      },
    }));
    const { user } = await renderWithProviders(<CheckInView marketDayId={DAY} />);
    await user.click(within(await rowOf('Vendor 1')).getByRole('button', { name: 'Check in' }));
    expect((await screen.findByText(/Vendor 1: not recorded/)).textContent).toContain('was already used for another check-in');
    expect(persisted()).toEqual([]);
    expect(posts(api)).toHaveLength(1);
  });
});

describe('check-in search', () => {
  it('finds a vendor by a scanned vendor code and Enter, and focuses its check-in button', async () => {
    serve([row(1), row(2), row(3)]);
    const { user } = await renderWithProviders(<CheckInView marketDayId={DAY} />);
    await rowOf('Vendor 1');
    await user.type(screen.getByLabelText('Search or scan'), 'a2b2c3d4{Enter}');
    expect(screen.getAllByTestId('check-in-row')).toHaveLength(1);
    const item = await rowOf('Vendor 2');
    await waitFor(() => expect(document.activeElement).toBe(within(item).getByRole('button', { name: 'Check in' })));
    await user.clear(screen.getByLabelText('Search or scan'));
    await user.type(screen.getByLabelText('Search or scan'), 'zz');
    expect(screen.getByText('Nothing matches “zz”.')).toBeTruthy();
  });
});

function persistedId(api: ReturnType<typeof serve>): string {
  return (posts(api)[0]!.body as { id: string }).id;
}
