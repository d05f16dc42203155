import { apiAs, expect, seeded, test } from './fixtures';
import { signIn } from './helpers';
import { cartLines, completeSale, createPosWorld, openRegister, scan, startPayment, usd } from './pos-helpers';

const MANAGER = seeded('vendor_manager');

interface OrderLine {
  id: string;
  vendorId: string | null;
  total: number;
  commission: number;
}
interface Order {
  id: string;
  kind: 'sale' | 'return';
  receiptNumber: string;
  total: number;
  lines: OrderLine[];
  payments: { tender: string; amount: number; change: number }[];
}

// The money path of the point of sale: a manager opens a session, sells items of three vendors paid by card and
// cash (with change), prints the receipt in Arabic, takes one line back from the orders page, closes the session a
// dollar short, reads each vendor's line on the Z report, and finds the sale on a vendor's statement.
test('a sale of three vendors, split card and cash, one line returned, the session closed short; the Z report and the ledger agree', async ({
  page,
  request,
  admin,
  sfx,
}) => {
  test.setTimeout(60_000);
  // Oil 12.00 (two), honey 7.50, bowl 30.00: 61.50.
  const world = await createPosWorld(admin, sfx, [1200, 750, 3000]);
  const [oil, honey, bowl] = world.items as [(typeof world.items)[0], (typeof world.items)[0], (typeof world.items)[0]];
  const manager = await apiAs(request, MANAGER);

  await signIn(page, MANAGER);
  await openRegister(page, world.register.name, '100.00');

  // Two oils and the bowl scanned by SKU; the honey found by its name in the register's search.
  await scan(page, oil.sku);
  await scan(page, oil.sku);
  await scan(page, bowl.sku);
  const search = page.getByRole('combobox', { name: 'Scan or search' });
  await search.fill(honey.nameEn);
  const results = page.getByRole('listbox', { name: 'Matching items' });
  // The match names its vendor.
  await results.getByRole('option', { name: new RegExp(`${honey.nameEn}.*${honey.vendorName}`) }).click();
  await expect(cartLines(page)).toHaveCount(3);
  await expect(
    cartLines(page)
      .filter({ hasText: oil.nameEn })
      .getByRole('textbox', { name: `Quantity of ${oil.nameEn}` }),
  ).toHaveValue('2');
  // Three vendors' items, each line naming its vendor.
  for (const item of [oil, honey, bowl]) await expect(cartLines(page).filter({ hasText: item.nameEn })).toContainText(item.vendorName);
  const total = 2 * oil.price + honey.price + bowl.price;

  // Split tender: 20.00 by card, 50.00 handed over in cash, 8.50 change.
  const pay = await startPayment(page, total);
  const rows = pay.getByTestId('payment-row');
  await rows.nth(0).getByLabel('Tender').selectOption('card');
  await rows.nth(0).getByLabel('Amount 1').fill('20.00');
  await pay.getByRole('button', { name: 'Add Cash' }).click();
  await expect(rows.nth(1).getByLabel('Amount 2')).toHaveValue('41.50');
  await rows.nth(1).getByLabel('Amount 2').fill('50.00');
  await expect(pay.getByTestId('change-due')).toHaveText(usd(850));
  await completeSale(pay);

  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(page.getByTestId('done-change')).toHaveText(usd(850));
  const receipt = page.getByTestId('receipt-preview').getByTestId('pos-receipt');
  const receiptNumber = ((await receipt.getByTestId('receipt-number').textContent()) ?? '').replace(/^Receipt /, '').trim();
  expect(receiptNumber).not.toBe('');
  await expect(receipt.getByTestId('receipt-total')).toHaveText(usd(total));
  await expect(receipt).toContainText(oil.vendorName);
  await expect(receipt).toContainText(honey.vendorName);
  await expect(receipt).toContainText(bowl.vendorName);

  // The print view in Arabic: right to left, Arabic labels, the same figures.
  await page.getByRole('radiogroup', { name: 'Receipt language' }).getByRole('radio', { name: 'العربية' }).click();
  await expect(receipt).toHaveAttribute('dir', 'rtl');
  await expect(receipt).toHaveAttribute('lang', 'ar');
  await expect(receipt).toContainText('الإجمالي');
  await expect(receipt).toContainText('بطاقة');
  await expect(receipt.getByTestId('receipt-number')).toContainText(`إيصال رقم ${receiptNumber}`);

  const session = (await manager.get<{ id: string }[]>(`/pos/sessions?registerId=${world.register.id}&status=open`))[0]!;
  const sale = (await manager.get<{ items: Order[] }>(`/pos/orders?sessionId=${session.id}`)).items;
  expect(sale).toHaveLength(1);
  expect(sale[0]).toMatchObject({ kind: 'sale', receiptNumber, total });
  const order = await manager.get<Order>(`/pos/orders/${sale[0]!.id}`);
  expect(order.payments).toEqual([
    expect.objectContaining({ tender: 'card', amount: 2000, change: 0 }),
    expect.objectContaining({ tender: 'cash', amount: 5000, change: 850 }),
  ]);

  // On the orders page, the sale found by its receipt number; its honey line goes back, refunded in cash.
  // Receipt numbers count per register: the link names the register too, as a report's row does.
  await page.goto(`/orders?receipt=${encodeURIComponent(receiptNumber)}&registerId=${world.register.id}`);
  await page.getByRole('button', { name: `Open order ${receiptNumber}` }).click();
  const sheet = page.getByTestId('order-sheet');
  await expect(sheet.getByTestId('order-totals')).toContainText(usd(total));
  await sheet.getByRole('button', { name: 'Return items' }).click();
  const returning = page.getByRole('dialog', { name: `Return items of sale ${receiptNumber}` });
  const ret = returning.getByTestId('return-form');
  await ret.getByRole('checkbox', { name: `Return ${honey.nameEn}` }).check();
  await ret.getByRole('radio', { name: 'Cash' }).check();
  await expect(ret.getByTestId('refund-estimate')).toContainText(usd(honey.price));
  await returning.getByRole('button', { name: 'Record return' }).click();
  await expect(page.getByTestId('return-result')).toContainText(`${usd(honey.price)} refunded`);
  await page.keyboard.press('Escape');

  // Close the session a dollar short: cash expected 100.00 + 50.00 - 8.50 change - 7.50 refund = 134.00, counted 133.00.
  await page.goto('/pos/sessions');
  await page.getByRole('button', { name: `Close the session of ${world.register.name}` }).click();
  const closeDialog = page.getByRole('dialog', { name: `Close the session: ${world.register.name}` });
  const close = closeDialog.getByTestId('close-session-form');
  await expect(close.getByTestId('count-cash')).toContainText(usd(13_400));
  await close.getByLabel(/^Counted Cash/).fill('133.00');
  await close.getByLabel(/^Counted Card/).fill('20.00');
  await expect(close.getByTestId('difference-cash')).toHaveText(usd(-100));
  await expect(close.getByTestId('difference-total')).toHaveText(usd(-100));
  await close.getByLabel('Closing note (optional)').fill('Short by one dollar');
  await closeDialog.getByRole('button', { name: 'Close session' }).click();

  // The Z report: each vendor's gross, returns, commission (10%) and what is payable; the count and its difference.
  const report = page.getByRole('dialog', { name: 'Z report (session closed)' }).getByTestId('session-report');
  await expect(report).toContainText(world.register.name);
  const vendors = report.getByTestId('report-vendors');
  const row = (name: string) => vendors.getByRole('row').filter({ hasText: name });
  // [gross, returns, net, commission, payable]
  const expected: [string, number[]][] = [
    [oil.vendorName, [2400, 0, 2400, 240, 2160]],
    [honey.vendorName, [750, 750, 0, 0, 0]],
    [bowl.vendorName, [3000, 0, 3000, 300, 2700]],
  ];
  for (const [name, figures] of expected) {
    await expect(row(name).getByRole('cell')).toHaveText([name, ...figures.map(usd)]);
  }
  const closing = report.getByTestId('report-closing');
  await expect(closing.getByRole('row').filter({ hasText: 'Cash' }).getByRole('cell')).toHaveText([
    'Cash',
    usd(13_400),
    usd(13_300),
    usd(-100),
  ]);
  await expect(closing.getByRole('row').filter({ hasText: 'Card' }).getByRole('cell')).toHaveText(['Card', usd(2000), usd(2000), usd(0)]);
  await expect(report).toContainText('Short by one dollar');

  // The vendor's statement: the sale (owed to the vendor) and the commission taken on it.
  type Statement = { entries: { entryType: string; sourceId: string; amount: number }[] };
  const ledger = await manager.get<Statement>(`/vendors/${bowl.vendorId}/ledger`);
  const ofSale = ledger.entries.filter((e) => e.sourceId === order.id).map((e) => [e.entryType, e.amount]);
  expect(ofSale).toEqual([
    ['sale', -3000],
    ['commission', 300],
  ]);
  // The honey's return reverses its sale and commission on the honey vendor's statement.
  const honeyLedger = await manager.get<Statement>(`/vendors/${honey.vendorId}/ledger`);
  expect(honeyLedger.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
  // And the statement in the vendor's record shows them.
  await page.goto(`/market-vendor-management?vendor=${bowl.vendorId}`);
  const statement = page.getByTestId('vendor-drawer').getByTestId('vendor-statement');
  const entry = (type: string) => statement.getByRole('row').filter({ hasText: type }).filter({ hasText: receiptNumber });
  await expect(entry('Sale')).toContainText(usd(-3000));
  await expect(entry('Commission')).toContainText(usd(300));
});
