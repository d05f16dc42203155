import type { Page } from '@playwright/test';
import { apiAs, expect, seeded, test } from './fixtures';
import { signIn } from './helpers';
import { completeSale, createPosWorld, openRegister, scan, startPayment, type PosItem } from './pos-helpers';

const MANAGER = seeded('vendor_manager');

/** One item sold for cash (the payment dialog's default); resolves on the screen after the sale. */
async function sell(page: Page, item: PosItem): Promise<void> {
  await scan(page, item.sku);
  await completeSale(await startPayment(page, item.price));
}

const waiting = (page: Page) => page.getByTestId('queue-waiting');
const statusBar = (page: Page) => page.getByText(/Session opened/);

/** The receipt number of the sale just recorded ("Recorded as receipt 000123."). */
async function recordedReceipt(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const text = (await page.getByText(/^Recorded as receipt /).textContent()) ?? '';
  return text.replace(/^Recorded as receipt /, '').replace(/\.$/, '');
}

// Selling through a lost connection (issue: the register must keep selling offline, after a reload too): three
// sales made offline, the page reloaded offline in between (the service worker serves the shell; the permissions,
// texts, session, catalogue and queue come from the device), a second tab of the same register, and on reconnecting
// each sale is recorded exactly once; the two tabs then sell under different receipt numbers.
test('three sales offline across a reload are kept on the device and recorded once each when the connection returns; two tabs never share a receipt', async ({
  page,
  context,
  request,
  admin,
  sfx,
}) => {
  test.setTimeout(60_000);
  const world = await createPosWorld(admin, sfx, [1200, 750, 3000]);
  const [oil, honey, bowl] = world.items as [PosItem, PosItem, PosItem];
  const manager = await apiAs(request, MANAGER);
  const session = await manager.post('/pos/sessions', { registerId: world.register.id, openingFloat: 10_000 });

  await signIn(page, MANAGER);
  await openRegister(page, world.register.name);
  // The service worker is installed and, after a reload, controls the page: the shell and its files are kept, and
  // the register keeps its catalogue for selling offline.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const snapshot = page.waitForResponse((r) => r.url().endsWith(`/pos/registers/${world.register.id}/snapshot`) && r.ok());
  await page.reload();
  await snapshot;
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByRole('combobox', { name: 'Scan or search' })).toBeVisible();
  const sessionShown = (await statusBar(page).textContent()) ?? '';

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Offline: selling from the \d+ items kept on this device/)).toBeVisible();

  // Two sales offline: each is saved on the device with a provisional receipt, and waits.
  await sell(page, oil);
  await expect(page.getByRole('heading', { name: 'Sale saved on this device' })).toBeVisible();
  await expect(waiting(page)).toHaveText('1 waiting');
  await page.getByRole('button', { name: 'New sale' }).click();
  await sell(page, honey);
  await expect(waiting(page)).toHaveText('2 waiting');
  await page.getByRole('button', { name: 'New sale' }).click();

  // Reloaded without a connection: the shell comes from the service worker, the permissions, texts, register,
  // session, catalogue and the waiting sales from the device.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'POS Register' })).toBeVisible();
  await expect(page.getByTestId('no-access')).toHaveCount(0);
  await expect(statusBar(page)).toHaveText(sessionShown);
  await expect(waiting(page)).toHaveText('2 waiting');
  await sell(page, bowl);
  await expect(page.getByRole('heading', { name: 'Sale saved on this device' })).toBeVisible();
  await expect(waiting(page)).toHaveText('3 waiting');
  await page.getByRole('button', { name: 'New sale' }).click();

  // A second tab of the same register, opened offline too: the same session, the same sales waiting.
  const second = await context.newPage();
  await second.goto('/pos/register');
  await expect(second.getByRole('combobox', { name: 'Scan or search' })).toBeVisible();
  await expect(statusBar(second)).toHaveText(sessionShown);
  await expect(waiting(second)).toHaveText('3 waiting');

  // Back online: the waiting sales are sent (by one tab at a time) and both tabs see the queue empty.
  await context.setOffline(false);
  for (const tab of [page, second]) {
    await expect(tab.getByText('Online', { exact: true })).toBeVisible();
    await expect(waiting(tab)).toHaveCount(0, { timeout: 15_000 });
  }
  type Summary = { id: string; receiptNumber: string; total: number; kind: string };
  const recorded = (await manager.get<{ items: Summary[] }>(`/pos/orders?sessionId=${session.id}`)).items;
  expect(recorded.map((o) => o.total).sort((a, b) => a - b)).toEqual([honey.price, oil.price, bowl.price]);
  expect(new Set(recorded.map((o) => o.id)).size).toBe(3);
  expect(new Set(recorded.map((o) => o.receiptNumber)).size).toBe(3);

  // Online, each tab makes a sale of its own: two receipts, two numbers, none seen before.
  await sell(page, oil);
  const first = await recordedReceipt(page);
  await sell(second, honey);
  const other = await recordedReceipt(second);
  expect(other).not.toBe(first);
  const all = (await manager.get<{ items: Summary[] }>(`/pos/orders?sessionId=${session.id}`)).items;
  expect(all).toHaveLength(5);
  expect(new Set(all.map((o) => o.receiptNumber)).size).toBe(5);
  expect(all.map((o) => o.receiptNumber)).toEqual(expect.arrayContaining([first, other]));
});
