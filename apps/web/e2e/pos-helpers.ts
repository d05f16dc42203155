import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './fixtures';

/** A product the register sells: active, of a vendor, priced in minor units of the demo's currency (USD). */
export interface PosItem {
  productId: string;
  sku: string;
  nameEn: string;
  vendorId: string;
  vendorName: string;
  price: number;
}

export interface PosWorld {
  register: { id: string; name: string };
  items: PosItem[];
}

/**
 * A register of its own (cash and card) and one product of each of three new vendors, as a super admin; names and
 * SKUs carry the test's suffix. Each test sells at its own register, so the specs running side by side (and a retry)
 * never meet on one session; the new vendors fall under the demo's default commission (10%).
 */
export async function createPosWorld(admin: Api, sfx: string, prices: [number, number, number]): Promise<PosWorld> {
  const goods: [string, string, string][] = [
    ['Olive oil', 'زيت زيتون', 'Olive'],
    ['Wild honey', 'عسل بري', 'Bee'],
    ['Clay bowl', 'وعاء فخار', 'Clay'],
  ];
  const items: PosItem[] = [];
  for (const [i, [nameEn, nameAr, maker]] of goods.entries()) {
    const vendorName = `${maker} ${sfx}`;
    const vendor = await admin.post('/vendors', {
      vendorType: 'market',
      publicName: vendorName,
      email: `${maker.toLowerCase()}-${sfx}@example.test`,
    });
    const sku = `POS-${maker.toUpperCase()}-${sfx}`;
    const product = await admin.post('/products', {
      sku,
      nameEn: `${nameEn} ${sfx}`,
      nameAr: `${nameAr} ${sfx}`,
      status: 'active',
      priceMinor: prices[i],
      vendorId: vendor.id,
    });
    items.push({ productId: product.id, sku, nameEn: `${nameEn} ${sfx}`, vendorId: vendor.id, vendorName, price: prices[i]! });
  }
  const name = `Till ${sfx}`;
  const register = await admin.post('/pos/registers', { name, tenders: ['cash', 'card'], openingFloat: 10_000 });
  return { register: { id: register.id, name }, items };
}

/** "$12.34" for 1234 minor units, as the screens write USD in English. */
export const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

/** The register page with the register chosen; `float` opens its session from the page when none is open. */
export async function openRegister(page: Page, registerName: string, float?: string): Promise<void> {
  await page.goto('/pos/register');
  await page.getByRole('button', { name: new RegExp(registerName) }).click();
  if (float !== undefined) {
    await page.getByLabel(/Opening float counted/).fill(float);
    await page.getByRole('button', { name: 'Open session', exact: true }).click();
  }
  await expect(page.getByRole('combobox', { name: 'Scan or search' })).toBeVisible();
}

/** Scans (types and presses Enter on) a SKU: the item with that exact SKU goes into the cart. */
export async function scan(page: Page, sku: string): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Scan or search' });
  const lines = await cartLines(page).count();
  await search.fill(sku);
  await search.press('Enter');
  await expect(search).toHaveValue('');
  // One more line, or one more of an item already in the cart.
  await expect.poll(async () => (await cartLines(page).count()) >= lines).toBe(true);
}

export const cartLines = (page: Page): Locator => page.getByTestId('cart-line');

/** Opens the payment dialog from the cart's Pay button. */
export async function startPayment(page: Page, total: number): Promise<Locator> {
  await expect(page.getByTestId('cart-total')).toHaveText(usd(total));
  await page.getByRole('button', { name: `Pay ${usd(total)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Completes the sale in the payment dialog as it is (cash for the total by default). */
export async function completeSale(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Complete sale' }).click();
  await expect(dialog).toBeHidden();
}
