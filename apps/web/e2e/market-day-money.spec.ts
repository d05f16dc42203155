import { createVendorAccount } from './application-helpers';
import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn, signOut } from './helpers';
import { createMarket } from './market-helpers';

// The money path of a market day (issue 16): bookings, a cancellation whose slot the waitlist job offers to the
// next vendor, who accepts it in the vendor dashboard; then a partial cash payment and the rest, the receipt
// printed in Arabic, and check-in at phone width.
test('a booked slot freed by a cancellation goes to the waitlisted vendor, who pays in two parts and is checked in', async ({
  page,
  request,
  admin,
  sfx,
}) => {
  test.setTimeout(120_000);
  const market = await createMarket(admin, sfx);
  const slot = await admin.post('/market-slots', {
    locationId: market.location.id,
    code: `A${sfx.slice(-3)}`,
    categoryId: market.category.id,
  });
  await admin.post('/fee-rules', {
    kind: 'flat_per_day',
    nameEn: `Stall ${sfx}`,
    nameAr: `كشك ${sfx}`,
    amount: 5000,
    validFrom: '2025-01-01',
  });

  // One vendor recorded by staff; the other applied with an account of its own and was approved.
  const first = await admin.post<{ id: string; updatedAt: string }>('/vendors', {
    vendorType: 'market',
    publicName: `Olive ${sfx}`,
    email: `olive-${sfx}@example.test`,
  });
  await admin.put(`/vendors/${first.id}/categories`, { categoryIds: [market.category.id], expectedUpdatedAt: first.updatedAt });
  const account = await createVendorAccount(request, admin, market, 'market_vendor', sfx);
  const found = await admin.get<{ items: { id: string; publicName: string }[] }>(`/vendors?q=${encodeURIComponent(account.email)}`);
  const second = found.items[0]!;
  const names = [`Olive ${sfx}`, second.publicName];
  const booked = await admin.post('/market-requests', { vendorId: first.id, marketDayId: market.day.id, categoryId: market.category.id });
  await admin.post(`/market-requests/${booked.id}/decide`, { status: 'accepted' });
  const booking = await admin.post('/market-assignments', { requestId: booked.id, slotId: slot.id });
  const waiting = await admin.post('/market-requests', {
    vendorId: second.id,
    marketDayId: market.day.id,
    categoryId: market.category.id,
  });
  await admin.post(`/market-requests/${waiting.id}/decide`, { status: 'waitlisted' });

  // The manager sees the booking on the board, then the vendor cancels and the manager records it.
  await signIn(page, SUPER_ADMIN);
  await page.goto('/market-events?view=board');
  const board = page.getByTestId('assignment-board');
  await board.getByRole('combobox').first().selectOption(market.location.id);
  await expect(board.getByText(names[0]!).first()).toBeVisible();
  await admin.post(`/market-assignments/${booking.id}/status`, { status: 'cancelled', reason: 'Vendor is ill' });

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

  // Check-in on the day, at phone width: the paid vendor is checked in.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/market-events?view=check-in');
  await page.getByLabel('Market day').selectOption(market.day.id);
  const row = page.getByTestId('check-in-row').filter({ hasText: names[1]! });
  await row.getByRole('button', { name: 'Check in' }).click();
  await expect(row).toContainText('Checked in at');
});
