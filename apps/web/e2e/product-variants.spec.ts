import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, seeded, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';
import { createProductWithVariants, createSizedFamily, PHONE, sidewaysOverflow } from './product-helpers';

test.use({ viewport: { width: 1400, height: 1000 } });

/** Serious or critical axe findings of the page; toasts are the shell's (sonner) and are checked by its own tests. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('generates two variants on the product page, edits a cell with the keyboard and bulk-sets stock in the grid', async ({
  page,
  admin,
  sfx,
}) => {
  test.setTimeout(90_000);
  const sized = await createSizedFamily(admin, sfx);
  const product = await admin.post('/products', { sku: `TEE-${sfx}`, nameEn: `Tee ${sfx}`, nameAr: 'قميص', familyId: sized.family.id });
  await signIn(page, SUPER_ADMIN);

  await test.step('generate small and medium from the product page', async () => {
    await page.goto(`/products/${product.id}`);
    const section = page.getByTestId('product-variants-section');
    await section.getByRole('button', { name: 'Generate variants' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate variants' });
    await dialog.getByLabel(sized.size.nameEn).check();
    await dialog.getByLabel('S', { exact: true }).check();
    await dialog.getByLabel('M', { exact: true }).check();
    await expect(dialog.getByTestId('variants-preview')).toHaveText('2 combinations');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(section.getByTestId('variant-row')).toHaveCount(2);
    await expect(section.getByTestId('variant-row').first()).toContainText(`TEE-${sfx}-S`.toUpperCase());
  });

  await page.goto(`/product-variants?productId=${product.id}`);
  const grid = page.getByTestId('variants-grid');
  const rows = grid.getByTestId('variant-grid-row');
  await expect(rows).toHaveCount(2);
  const cell = (row: number, field: string) => rows.nth(row).locator(`[data-field="${field}"]`);

  await test.step('edit the weight of the first variant with the keyboard and save', async () => {
    await cell(0, 'barcode').click();
    await page.keyboard.press('ArrowRight'); // price
    await page.keyboard.press('ArrowRight'); // stock
    await page.keyboard.press('ArrowRight'); // weight
    await page.keyboard.press('Enter');
    const input = cell(0, 'weightGrams').getByRole('textbox');
    await expect(input).toBeFocused();
    await input.fill('250');
    await page.keyboard.press('Enter');
    await expect(cell(0, 'weightGrams')).toHaveAttribute('data-unsaved', 'true');
    await expect(page.getByText('1 unsaved changes')).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/product-variants') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect((await res.json()).items[0].weightGrams).toBe(250);
    await expect(cell(0, 'weightGrams')).toHaveText('250');
    await expect(cell(0, 'weightGrams')).not.toHaveAttribute('data-unsaved', 'true');
  });

  await test.step('select both stock cells and set 7 in one bulk update', async () => {
    await cell(0, 'stockQuantity').click();
    await page.keyboard.press('Shift+ArrowDown');
    await expect(page.getByText('2 cells selected')).toBeVisible();
    await page.getByLabel('Value for the selected cells').fill('7');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/product-variants') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Set value for selected cells' }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect((await res.json()).items.map((v: { stockQuantity: number }) => v.stockQuantity)).toEqual([7, 7]);
    await expect(cell(0, 'stockQuantity')).toHaveText('7');
    await expect(cell(1, 'stockQuantity')).toHaveText('7');
    const stored = await admin.get<{ stockQuantity: number; weightGrams: number | null }[]>(`/products/${product.id}/variants`);
    expect(stored.map((v) => [v.stockQuantity, v.weightGrams])).toEqual([
      [7, 250],
      [7, null],
    ]);
  });

  await test.step('a wrong barcode is refused per cell and nothing is saved', async () => {
    await cell(1, 'barcode').click();
    await page.keyboard.type('4006381333932');
    await page.keyboard.press('Enter');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/product-variants') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(422);
    await expect(cell(1, 'barcode')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'check digit should be 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(cell(1, 'barcode')).toHaveText('—');
  });

  await test.step('no serious or critical accessibility violations on the grid', async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('in Arabic the grid runs right to left: ArrowLeft moves to the next column, ArrowRight back', async ({ page, admin, sfx }) => {
  const product = await createProductWithVariants(admin, await createSizedFamily(admin, sfx), `RTL-${sfx}`, ['s', 'm']);
  await signIn(page, seeded('product_team'), { language: 'ar' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`/product-variants?productId=${product.id}`);
  const grid = page.getByTestId('variants-grid');
  await expect(grid.getByTestId('variant-grid-row')).toHaveCount(2);
  const first = grid.getByTestId('variant-grid-row').first();
  await first.locator('[data-field="barcode"]').click();
  await expect(grid).toHaveAttribute('aria-activedescendant', 'variant-cell-0-0');
  await page.keyboard.press('ArrowLeft');
  await expect(grid).toHaveAttribute('aria-activedescendant', 'variant-cell-0-1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect(grid).toHaveAttribute('aria-activedescendant', 'variant-cell-0-1');
  await page.keyboard.press('ArrowDown');
  await expect(grid).toHaveAttribute('aria-activedescendant', 'variant-cell-1-1');
  expect(await seriousViolations(page)).toEqual([]);
});

test('opened from a product, the grid names that product in a searchable filter; the page fits a 360 px phone', async ({
  page,
  admin,
  sfx,
}) => {
  const sized = await createSizedFamily(admin, sfx);
  const product = await createProductWithVariants(admin, sized, `LNK-${sfx}`, ['s', 'm']);
  const other = await createProductWithVariants(admin, sized, `OTH-${sfx}`, ['l']);
  await signIn(page, SUPER_ADMIN);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('link', { name: 'Open in the variants grid' }).click();
  const filter = page.getByRole('combobox', { name: 'Product' });
  await expect(filter).toHaveValue(`LNK-${sfx} — Tee LNK-${sfx}`);
  await expect(page.getByTestId('variant-grid-row')).toHaveCount(2);

  await test.step('search another product by its SKU and choose it with the keyboard', async () => {
    await filter.fill(`OTH-${sfx}`);
    const option = page.getByRole('option', { name: `OTH-${sfx} — Tee OTH-${sfx}` });
    await expect(option).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`productId=${other.id}`));
    await expect(page.getByTestId('variant-grid-row')).toHaveCount(1);
    await expect(filter).toHaveValue(`OTH-${sfx} — Tee OTH-${sfx}`);
  });

  await test.step('at 360 px the page does not scroll sideways', async () => {
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('variant-grid-row')).toHaveCount(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
