import { apiAs, expect, seeded, test } from './fixtures';
import { signIn } from './helpers';
import { createPosWorld, usd } from './pos-helpers';

const MANAGER = seeded('vendor_manager');

// A customer order from taking to handing over: a delivery order of two vendors' items taken from Order Management
// (the address asked for), confirmed (stock set aside), paid in two parts (card, then cash), completed, and found
// as a sale of its register in the sales list, with each vendor's line in the ledger.
test('a delivery order is taken, confirmed, paid by card and cash, completed, and recorded as a sale of its register', async ({
  page,
  request,
  admin,
  sfx,
}) => {
  test.setTimeout(60_000);
  // Oil 12.00 (two), bowl 30.00: 54.00.
  const world = await createPosWorld(admin, sfx, [1200, 750, 3000]);
  const [oil, , bowl] = world.items as [(typeof world.items)[0], (typeof world.items)[0], (typeof world.items)[0]];
  const manager = await apiAs(request, MANAGER);

  await signIn(page, MANAGER);
  await page.goto('/orders?tab=customer');
  await expect(page.getByRole('tab', { name: 'Customer orders' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'New order' }).click();
  const form = page.getByRole('dialog', { name: 'New customer order' });
  await form.getByLabel('Register').selectOption({ label: world.register.name });
  await form.getByLabel('Delivery').check();
  await form.getByLabel('Customer name').fill(`Salma ${sfx}`);
  const search = form.getByRole('combobox', { name: 'Scan or search' });
  // As a scanner would: each Enter looks the code up, adds the item and clears the field for the next one.
  for (const sku of [oil.sku, oil.sku, bowl.sku]) {
    await search.fill(sku);
    await search.press('Enter');
    await expect(search).toHaveValue('');
  }
  await expect(form.getByTestId('cart-line')).toHaveCount(2);
  await expect(form.getByRole('textbox', { name: `Quantity of ${oil.nameEn}` })).toHaveValue('2');
  // A delivery without an address is refused under its field, and nothing is created.
  await form.getByRole('button', { name: 'Create order' }).click();
  await expect(form.getByText('is required for a delivery')).toBeVisible();
  await form.getByLabel('Delivery address').fill('12 Rainbow Street, Amman');
  await form.getByRole('button', { name: 'Create order' }).click();
  await expect(form).toBeHidden();

  const total = 2 * oil.price + bowl.price;
  const sheet = page.getByRole('dialog', { name: /^Order O-\d{6}$/ });
  await expect(sheet).toContainText('Draft');
  await expect(sheet).toContainText(usd(total));
  const number = ((await sheet.getByRole('heading').first().textContent()) ?? '').replace('Order ', '').trim();
  await sheet.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(sheet).toContainText('Confirmed');
  await expect(sheet.getByRole('button', { name: 'Complete', exact: true })).toBeDisabled();

  // 20.00 by card, then the rest in cash (pre-filled with what is still due).
  await sheet.getByRole('button', { name: 'Take payment' }).click();
  let pay = page.getByRole('dialog', { name: `Take payment for order ${number}` });
  await expect(pay.getByLabel(/Amount/)).toHaveValue((total / 100).toFixed(2));
  await pay.getByLabel('Tender').selectOption('card');
  await pay.getByLabel(/Amount/).fill('20.00');
  await pay.getByRole('button', { name: 'Take payment' }).click();
  await expect(pay).toBeHidden();
  await sheet.getByRole('button', { name: 'Take payment' }).click();
  pay = page.getByRole('dialog', { name: `Take payment for order ${number}` });
  await expect(pay.getByLabel(/Amount/)).toHaveValue(((total - 2000) / 100).toFixed(2));
  await pay.getByLabel('Tender').selectOption('cash');
  await pay.getByRole('button', { name: 'Take payment' }).click();
  await expect(pay).toBeHidden();

  await sheet.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(sheet).toContainText('Completed and recorded as a sale');
  const saleLink = sheet.getByRole('link', { name: /open sale \d{6}/ });
  const receipt = ((await saleLink.textContent()) ?? '').replace(/\D/g, '');

  // The sale is an order of the register, found by its receipt number, paid as the order was.
  await saleLink.click();
  await expect(page.getByRole('tab', { name: 'Sales and returns' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: `Open order ${receipt}` })).toBeVisible();
  const sales = (await manager.get(`/pos/orders?q=${receipt}&registerId=${world.register.id}`)) as {
    items: { id: string; placement: string; total: number }[];
  };
  expect(sales.items).toHaveLength(1);
  expect(sales.items[0]).toMatchObject({ placement: 'customer_order', total });
  const sale = (await manager.get(`/pos/orders/${sales.items[0]!.id}`)) as {
    payments: { tender: string; amount: number }[];
    lines: { vendorId: string; total: number }[];
  };
  expect(sale.payments.map((p) => [p.tender, p.amount])).toEqual([
    ['card', 2000],
    ['cash', total - 2000],
  ]);
  expect(sale.lines.map((l) => [l.vendorId, l.total])).toEqual([
    [oil.vendorId, 2 * oil.price],
    [bowl.vendorId, bowl.price],
  ]);
});
