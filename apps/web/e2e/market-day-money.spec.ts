import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { createVendorAccount } from './application-helpers';
import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn, signOut } from './helpers';
import { createMarket, nextWeekday } from './market-helpers';

/** A mouse drag the way a manager does it: press, move past the activation distance, then onto the target. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

// The money path of a market day (issue 16): a manager books three vendors for a Saturday on the board, one
// cancels and the waitlist job offers the slot to the next vendor, who accepts it in the vendor dashboard; then a
// partial cash payment and the rest, the receipt printed in Arabic, and check-in of the vendors at phone width.
test('three vendors booked for a Saturday; a cancelled slot goes to the waitlisted vendor, who pays in two parts; all are checked in', async ({
  page,
  request,
  admin,
  sfx,
}) => {
  test.setTimeout(150_000);
  const market = await createMarket(admin, sfx, { date: nextWeekday(6) });
  expect(new Date(`${market.day.date}T12:00:00`).getDay()).toBe(6);
  const slots: { id: string }[] = [];
  for (const code of ['A', 'B', 'C']) {
    slots.push(
      await admin.post('/market-slots', {
        locationId: market.location.id,
        code: `${code}${sfx.slice(-3)}`,
        categoryId: market.category.id,
      }),
    );
  }
  await admin.post('/fee-rules', {
    kind: 'flat_per_day',
    nameEn: `Stall ${sfx}`,
    nameAr: `كشك ${sfx}`,
    amount: 5000,
    validFrom: '2025-01-01',
  });

  // Three vendors recorded by staff, each with an accepted request for the day; a fourth applied with an account
  // of its own, was approved, and waits on the day's waitlist.
  const names = [`Olive ${sfx}`, `Bread ${sfx}`, `Honey ${sfx}`];
  for (const name of names) {
    const vendor = await admin.post<{ id: string; updatedAt: string }>('/vendors', {
      vendorType: 'market',
      publicName: name,
      email: `${name.split(' ')[0]!.toLowerCase()}-${sfx}@example.test`,
    });
    await admin.put(`/vendors/${vendor.id}/categories`, { categoryIds: [market.category.id], expectedUpdatedAt: vendor.updatedAt });
    const asked = await admin.post('/market-requests', { vendorId: vendor.id, marketDayId: market.day.id, categoryId: market.category.id });
    await admin.post(`/market-requests/${asked.id}/decide`, { status: 'accepted' });
  }
  const account = await createVendorAccount(request, admin, market, 'market_vendor', sfx);
  const found = await admin.get<{ items: { id: string; publicName: string }[] }>(`/vendors?q=${encodeURIComponent(account.email)}`);
  const second = found.items[0]!;
  const waiting = await admin.post('/market-requests', {
    vendorId: second.id,
    marketDayId: market.day.id,
    categoryId: market.category.id,
  });
  await admin.post(`/market-requests/${waiting.id}/decide`, { status: 'waitlisted' });

  // The manager drags each accepted request from the day's tray onto a slot of the board.
  await signIn(page, SUPER_ADMIN);
  await page.goto('/market-events?view=board');
  const board = page.getByTestId('assignment-board');
  await board.getByRole('combobox').first().selectOption(market.location.id);
  const tray = board.getByTestId('assignment-tray');
  for (const [i, name] of names.entries()) {
    const cell = board.getByTestId(`cell-${market.day.id}-${slots[i]!.id}`);
    await drag(page, tray.getByRole('button', { name: new RegExp(name) }), cell);
    await expect(cell).toContainText(name);
  }
  await expect(tray.getByRole('button', { name: new RegExp(names.join('|')) })).toHaveCount(0);

  // Olive cancels; the manager records it from the booking's menu, with the reason.
  const olive = board.getByTestId(`cell-${market.day.id}-${slots[0]!.id}`);
  await olive.getByRole('button', { name: `Actions for ${names[0]}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel booking…' }).click();
  const cancel = page.getByRole('dialog');
  await cancel.getByLabel('Reason').fill('Vendor is ill');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancel).toBeHidden();
  await expect(olive).toHaveAttribute('data-free', '');

  // The offer goes out by the job alone; the waitlisted vendor accepts it from the e-mailed link.
  let offerId = '';
  await expect
    .poll(
      async () => {
        const offers = await admin.get<{ id: string; vendorId: string; status: string }[]>(`/waitlist-offers?marketDayId=${market.day.id}`);
        offerId = offers.find((o) => o.vendorId === second.id && o.status === 'offered')?.id ?? '';
        return offerId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await signOut(page);
  await page.goto(`/vendor-dashboard?offer=${offerId}`);
  await expect(page).toHaveURL(/\/auth/);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/vendor-dashboard\?offer=/);
  const offer = page.getByTestId('vendor-offer');
  await expect(offer).toContainText('The offer from your e-mail');
  await offer.getByTestId('vendor-offer-accept').click();
  await expect(page.getByText('Booked:')).toBeVisible();
  const bookings = await admin.get<{ id: string; vendorId: string; status: string }[]>(`/market-assignments?marketDayId=${market.day.id}`);
  const won = bookings.find((b) => b.vendorId === second.id && b.status === 'confirmed');
  expect(won).toBeTruthy();

  // The manager invoices the booking and takes the fee in two cash payments.
  await signOut(page);
  await signIn(page, SUPER_ADMIN);
  await page.goto(`/payment-management/${won!.id}`);
  const payments = page.getByTestId('payment-management-page');
  await expect(payments.getByTestId('fees-total')).toContainText('.');
  await payments.getByRole('button', { name: 'Issue invoice(s)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Issue invoice(s)' }).click();
  await expect(payments.getByText('Unpaid', { exact: true }).first()).toBeVisible();
  // Part of it first; then the rest, which the dialog offers as the open balance.
  for (const amount of ['20', null]) {
    await payments.getByRole('button', { name: 'Record payment' }).first().click();
    const dialog = page.getByRole('dialog');
    if (amount) await dialog.getByLabel(/^Amount/).fill(amount);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(payments.getByText(amount ? 'Partially paid' : 'Paid', { exact: true }).first()).toBeVisible();
  }

  // The receipt, printed in Arabic.
  await payments.getByRole('button', { name: 'Print receipt' }).first().click();
  const print = page.getByRole('dialog');
  await print.getByLabel('Language of the print').selectOption('ar');
  const receipt = print.getByTestId('print-preview').getByTestId('print-receipt');
  await expect(receipt).toHaveAttribute('dir', 'rtl');
  await expect(receipt).toContainText('إيصال');
  await page.keyboard.press('Escape');
  // The invoice as a PDF, written by the server.
  const saving = page.waitForEvent('download');
  await payments.getByRole('button', { name: 'Download PDF' }).first().click();
  const pdf = await saving;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // Check-in on the day, at phone width: the paid vendor is checked in.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/market-events?view=check-in');
  await page.getByLabel('Market day').selectOption(market.day.id);
  for (const name of [second.publicName, names[1]!, names[2]!]) {
    const row = page.getByTestId('check-in-row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Check in' }).click();
    await expect(row).toContainText('Checked in at');
  }
  // The cancelled vendor is still found by search, but would be refused without a manager's override.
  const cancelled = page.getByTestId('check-in-row').filter({ hasText: names[0]! });
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText('Would be refused: Not assigned');
});
