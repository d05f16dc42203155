import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { TINY_PNG } from './application-helpers';
import { apiAs, expect, seeded, test } from './fixtures';
import { signIn } from './helpers';
import { createProductWithVariants, createSizedFamily, PHONE, sidewaysOverflow } from './product-helpers';

test.use({ viewport: { width: 1400, height: 1000 } });

const CATALOGUE_USER = seeded('product_team');
// Adding files to the asset library needs the assets permission, which product_team does not hold.
const MEDIA_EDITOR = seeded('marketing');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a catalogue user creates a product in English and Arabic from the header, adds an image and two variants, finds it by an Arabic search', async ({
  page,
  admin,
  sfx,
}) => {
  const sized = await createSizedFamily(admin, sfx);
  const sku = `E2E-${sfx}`;
  const nameEn = `Olive oil ${sfx}`;
  const nameAr = `زيت زيتون ${sfx}`;
  await signIn(page, MEDIA_EDITOR);
  await page.goto('/dashboard');

  await test.step('"New Product" in the header opens creation; closing it removes ?new=1', async () => {
    await page.getByRole('button', { name: 'New Product', exact: true }).click();
    await expect(page).toHaveURL(/\/products\?new=1$/);
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/products$/);
  });

  await test.step('create with both names and a price; the details page opens', async () => {
    await page.getByRole('button', { name: 'New product', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog.getByText('This field is required.')).toHaveCount(2);
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByLabel('Name (English)').fill(nameEn);
    await dialog.getByLabel('Name (Arabic)').fill(nameAr);
    await dialog.getByLabel(/^Price/).fill('12.50');
    await dialog.getByLabel('Attribute family').selectOption({ label: sized.family.nameEn });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/products') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    const body = await (await created).json();
    expect(body).toMatchObject({ sku, nameEn, nameAr, priceMinor: 1250 });
    await expect(page).toHaveURL(new RegExp(`/products/${body.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: nameEn })).toBeVisible();
    await expect(page.getByLabel('Name (Arabic)')).toHaveAttribute('dir', 'rtl');
  });

  await test.step('upload an image with progress; saving makes it the main image', async () => {
    await page.getByLabel('Files to upload').setInputFiles({ name: `bottle-${sfx}.png`, mimeType: 'image/png', buffer: TINY_PNG });
    const media = page.getByTestId('product-media');
    await expect(media.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
    await expect(media.getByText('Main image')).toBeVisible();
    const saved = page.waitForResponse((r) => /\/api\/v1\/products\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = await (await saved).json();
    expect(body.media).toHaveLength(1);
    await expect(page.getByTestId('product-version')).toHaveText('Version 2');
  });

  await test.step('generate two variants (size S and M) in the Variants section', async () => {
    const section = page.getByTestId('section-variants');
    await section.getByRole('button', { name: 'Generate variants' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate variants' });
    await dialog.getByRole('checkbox', { name: sized.size.nameEn }).check();
    await dialog.getByRole('checkbox', { name: 'S', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'M', exact: true }).check();
    await expect(dialog.getByTestId('variants-preview')).toHaveText('2 combinations');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(section.getByTestId('variant-row')).toHaveCount(2);
  });

  await test.step('find it by a search in Arabic', async () => {
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await expect(page).toHaveURL(/\/products$/);
    await page.getByLabel('Search products').fill(`زيتون ${sfx}`);
    await expect(page).toHaveURL(/q=/);
    const rows = page.getByTestId('product-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(sku);
    await expect(rows.first().locator('img')).toHaveCount(1);
    // The search survives a reload (it lives in the URL).
    await page.reload();
    await expect(page.getByLabel('Search products')).toHaveValue(`زيتون ${sfx}`);
    await expect(page.getByTestId('product-row')).toHaveCount(1);
  });
});

test('a catalogue user without the assets permission picks media from the library but cannot add files to it', async ({
  page,
  request,
  sfx,
}) => {
  const catalogue = await apiAs(request, CATALOGUE_USER);
  await signIn(page, CATALOGUE_USER);
  const product = await catalogue.post('/products', { sku: `E2E-M-${sfx}`, nameEn: `Honey ${sfx}`, nameAr: `عسل ${sfx}`, priceMinor: 900 });
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('button', { name: 'Add from library' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Files to upload')).toHaveCount(0);
});

test('a catalogue user edits price and name, sees the diff in History and restores the first version', async ({ page, request, sfx }) => {
  const catalogue = await apiAs(request, CATALOGUE_USER);
  await signIn(page, CATALOGUE_USER);
  const product = await catalogue.post('/products', {
    sku: `E2E-H-${sfx}`,
    nameEn: `Dates ${sfx}`,
    nameAr: `تمر ${sfx}`,
    priceMinor: 1000,
  });
  await page.goto(`/products/${product.id}`);
  await expect(page.getByTestId('product-version')).toHaveText('Version 1');

  await test.step('edit the price and the English name, then save', async () => {
    await page.getByLabel('Name (English)').fill(`Premium dates ${sfx}`);
    await page.getByLabel(/^Price \(/).fill('19.99');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/products/${product.id}`) && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = await (await saved).json();
    expect(body).toMatchObject({ nameEn: `Premium dates ${sfx}`, priceMinor: 1999, version: 2 });
    await expect(page.getByTestId('product-version')).toHaveText('Version 2');
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  });

  await test.step('history shows the new version with the field-by-field diff', async () => {
    const versions = page.getByTestId('product-versions').getByRole('listitem');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText('v2');
    await page.getByRole('button', { name: 'Changes of version 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Version 2' });
    const diff = dialog.getByTestId('version-diff');
    await expect(diff.getByTestId('diff-nameEn')).toContainText(`Dates ${sfx}`);
    await expect(diff.getByTestId('diff-nameEn')).toContainText(`Premium dates ${sfx}`);
    await expect(diff.getByTestId('diff-priceMinor')).toContainText('10.00');
    await expect(diff.getByTestId('diff-priceMinor')).toContainText('19.99');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('restore version 1: the old values are back as version 3', async () => {
    await page.getByRole('button', { name: 'Changes of version 1' }).click();
    await page.getByRole('dialog', { name: 'Version 1' }).getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    const restored = page.waitForResponse((r) => r.url().endsWith(`/api/v1/products/${product.id}/versions/1/restore`));
    await confirm.getByRole('button', { name: 'Restore this version' }).click();
    expect((await restored).status()).toBe(200);
    await expect(page.getByTestId('product-version')).toHaveText('Version 3');
    await expect(page.getByLabel('Name (English)')).toHaveValue(`Dates ${sfx}`);
    await expect(page.getByLabel(/^Price \(/)).toHaveValue(/^10\.0+$/);
    await expect(page.getByTestId('product-versions').getByRole('listitem').first()).toContainText('Restored');
  });
});

test('the list filters, sorts, chooses columns, saves a view, changes the status of a selection and exports it', async ({
  page,
  request,
  sfx,
}) => {
  const catalogue = await apiAs(request, CATALOGUE_USER);
  await signIn(page, CATALOGUE_USER);
  await catalogue.post('/products', {
    sku: `E2E-L1-${sfx}`,
    nameEn: `Alpha ${sfx}`,
    nameAr: `ألف ${sfx}`,
    priceMinor: 300,
    status: 'draft',
  });
  await catalogue.post('/products', {
    sku: `E2E-L2-${sfx}`,
    nameEn: `Beta ${sfx}`,
    nameAr: `باء ${sfx}`,
    priceMinor: 100,
    status: 'active',
  });
  await page.goto(`/products?q=${sfx}`);
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(2);

  await test.step('sort by price by clicking its header; the sort is in the URL', async () => {
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(rows.first()).toContainText(`E2E-L2-${sfx}`);
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await expect(page).toHaveURL(/sort=price_desc/);
    await expect(rows.first()).toContainText(`E2E-L1-${sfx}`);
  });

  await test.step('filter by status', async () => {
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Draft' }).check();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=draft/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`E2E-L1-${sfx}`);
  });

  await test.step('choose columns (kept in localStorage)', async () => {
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Variants' }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'Variants' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('products.columns'))).toContain('variants');
  });

  await test.step('save the view, clear the filters, apply the view again', async () => {
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view as…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByLabel('Name of the view').fill(`Drafts ${sfx}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).not.toHaveURL(/status=/);
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: `Drafts ${sfx}`, exact: true }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expect(page).toHaveURL(new RegExp(`q=${sfx}`));
    await expect(rows).toHaveCount(1);
  });

  await test.step('select all loaded, export the selection, then set their status', async () => {
    await page.getByRole('button', { name: 'Status: 1' }).click();
    await page.getByRole('checkbox', { name: 'Draft' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(rows).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all loaded products' }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selected products' });
    await expect(bar).toContainText('Selected: 2');
    const download = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Export selection' }).click();
    await page.getByRole('menuitem', { name: 'CSV file' }).click();
    const file = await download;
    const text = await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
    expect(text).toContain(`E2E-L1-${sfx}`);
    expect(text).toContain(`E2E-L2-${sfx}`);
    await bar.getByLabel('New status').selectOption('archived');
    const bulk = page.waitForResponse((r) => r.url().endsWith('/api/v1/products/bulk'));
    await bar.getByRole('button', { name: 'Set status' }).click();
    expect((await bulk).status()).toBe(200);
    await expect(bar).toHaveCount(0);
    await expect(rows.first()).toContainText('Archived');
    await expect(rows.nth(1)).toContainText('Archived');
  });
});

test('a stale save explains the conflict with a reload; leaving with unsaved changes asks first; family attributes get inputs', async ({
  page,
  request,
  admin,
  sfx,
}) => {
  const sized = await createSizedFamily(admin, sfx);
  const catalogue = await apiAs(request, CATALOGUE_USER);
  const product = await catalogue.post('/products', {
    sku: `E2E-C-${sfx}`,
    nameEn: `Honey ${sfx}`,
    priceMinor: 700,
    familyId: sized.family.id,
  });
  await signIn(page, CATALOGUE_USER);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByTestId('product-version')).toHaveText('Version 1');
  await expect(page.getByTestId(`attribute-size_${sfx}`)).toBeVisible();

  await test.step('someone else saves meanwhile: Save answers with a conflict toast whose Reload shows their change', async () => {
    await catalogue.patch(`/products/${product.id}`, { nameEn: `Their honey ${sfx}`, expectedVersion: 1 });
    await page.getByLabel('Name (English)').fill(`My honey ${sfx}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Someone else changed this product since you opened it.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('Name (English)')).toHaveValue(`Their honey ${sfx}`);
    await expect(page.getByTestId('product-version')).toHaveText('Version 2');
  });

  await test.step('leaving with unsaved changes asks first', async () => {
    await page.getByLabel('Description (English)').fill('Raw honey from the hills.');
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test('an attribute value the server refuses shows its message at the field; media are picked from the library and reordered', async ({
  page,
  request,
  admin,
  sfx,
}) => {
  // A whole-number weight in a family of its own, and two files in the library to pick from.
  const weight = await admin.post('/attributes', {
    code: `weight_${sfx}`,
    nameEn: `Weight ${sfx}`,
    nameAr: 'الوزن',
    type: 'number',
    validation: { min: 0, decimals: 0 },
  });
  const food = await admin.post('/attribute-families', {
    code: `food_${sfx}`,
    nameEn: `Food ${sfx}`,
    nameAr: 'طعام',
    attributes: [{ attributeId: weight.id, required: false }],
  });
  for (const name of ['jar', 'label']) {
    await admin.upload(`/assets/upload?folder=e2e-${sfx}`, { name: `${name}-${sfx}.png`, mimeType: 'image/png', buffer: TINY_PNG });
  }
  const catalogue = await apiAs(request, CATALOGUE_USER);
  const product = await catalogue.post('/products', { sku: `E2E-V-${sfx}`, nameEn: `Jam ${sfx}`, familyId: food.id });
  await signIn(page, CATALOGUE_USER);
  await page.goto(`/products/${product.id}`);

  await test.step('a weight with decimals is refused next to the Weight input', async () => {
    const weight = page.getByTestId(`attribute-weight_${sfx}`);
    await weight.getByRole('textbox').fill('1.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(weight.getByText('must be a whole number')).toBeVisible();
    await expect(weight.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await weight.getByRole('textbox').fill('250');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('product-version')).toHaveText('Version 2');
  });

  await test.step('pick two files from the library, move the second first, save', async () => {
    await page.getByRole('button', { name: 'Add from library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose from the asset library' });
    await dialog.getByRole('searchbox').fill(sfx);
    const files = dialog.locator('button[aria-pressed]');
    await expect(files).toHaveCount(2);
    await files.nth(0).click();
    await files.nth(1).click();
    await expect(dialog.locator('button[aria-pressed=true]')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Use chosen files: 2' }).click();
    const media = page.getByTestId('product-media').getByRole('listitem');
    await expect(media).toHaveCount(2);
    const second = (await media.nth(1).locator('span.truncate').innerText()).trim();
    await media
      .nth(1)
      .getByRole('button', { name: /^Move .* up$/ })
      .click();
    await expect(media.nth(0)).toContainText(second);
    await expect(media.nth(0)).toContainText('Main image');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/products/${product.id}`) && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = await (await saved).json();
    expect(body.media.map((m: { fileName: string }) => m.fileName)[0]).toBe(second);
  });
});

test('scrolling the grid loads further keyset pages while only the visible rows stay mounted', async ({ page, request, sfx }) => {
  test.setTimeout(90_000);
  // Four pages of this test's own products, found by their suffix.
  const catalogue = await apiAs(request, CATALOGUE_USER);
  for (let batch = 0; batch < 400; batch += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        catalogue.post('/products', { sku: `E2E-S-${sfx}-${batch + i}`, nameEn: `Scroll ${sfx} ${batch + i}` }),
      ),
    );
  }
  await signIn(page, CATALOGUE_USER);
  // Listening before the grid opens: it may fetch the second page as soon as it shows.
  const cursorPages: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/products?') && r.url().includes('cursor=')) cursorPages.push(r.status());
  });
  await page.goto(`/products?q=${sfx}`);
  const grid = page.getByTestId('products-grid');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expect(page.getByTestId('products-loaded')).toContainText('100');
  const loaded = async () => Number((await page.getByTestId('products-loaded').textContent())?.replace(/[^\d]/g, '') || 0);
  // Scroll to the end until all four pages are in. Not "three times the count grows": the grid may already have fetched
  // the second page when it first shows, and then a fourth growth never comes.
  await expect
    .poll(
      async () => {
        await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        return loaded();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(400);
  expect(await loaded()).toBeGreaterThanOrEqual(400);
  expect(cursorPages.length).toBeGreaterThanOrEqual(3);
  expect(cursorPages.every((s) => s === 200)).toBe(true);
  const mounted = await page.getByTestId('product-row').count();
  expect(mounted).toBeGreaterThan(5);
  expect(mounted).toBeLessThanOrEqual(60);
});

test('an unknown product id shows "Product not found"', async ({ page }) => {
  await signIn(page, CATALOGUE_USER);
  await page.goto('/products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('product-not-found')).toContainText('Product not found');
});

for (const lang of ['en', 'ar']) {
  test(`the product list and details have no serious or critical violations (${lang})`, async ({ page, request, sfx }) => {
    // Two full axe scans of a page with a virtualized grid: 29 s on a loaded two-core CI machine, like the other axe tests.
    test.setTimeout(90_000);
    const product = await (
      await apiAs(request, CATALOGUE_USER)
    ).post('/products', { sku: `E2E-A-${lang}-${sfx}`, nameEn: `Axe ${sfx}`, nameAr: `فحص ${sfx}`, priceMinor: 500 });
    await signIn(page, CATALOGUE_USER, { language: lang });
    await page.goto('/products');
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId('product-version')).toBeVisible();
    await expect(page.getByTestId('product-versions').getByRole('listitem')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('on a 360 px phone the list shows name, SKU and status; a row click opens the product, which fits the screen; back keeps the search', async ({
  page,
  admin,
  sfx,
}) => {
  const sized = await createSizedFamily(admin, sfx);
  const sku = `PHN-${sfx}`;
  const product = await createProductWithVariants(admin, sized, sku, ['s', 'm', 'l']);
  await signIn(page, MEDIA_EDITOR);
  await page.setViewportSize(PHONE);
  await page.goto(`/products?q=${sku}`);
  const row = page.getByTestId('product-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: `Tee ${sku}` })).toBeVisible();
  await expect(row.getByText(sku, { exact: true })).toBeVisible();
  await expect(row.getByText('Draft')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The row's checkbox still selects without opening the product.
  await row.getByRole('checkbox').check();
  await expect(page).toHaveURL(/\/products\?q=/);
  await row.getByRole('checkbox').uncheck();
  // A click anywhere else on the row opens it.
  await row.getByText('Draft').click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(page.getByTestId('variant-row')).toHaveCount(3);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('link', { name: 'Products', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products\\?q=${sku}$`));
  await expect(page.getByLabel('Search products')).toHaveValue(sku);
});

test('an attribute the variants vary by shows "varies by variant"; an unsaved upload is removed when the edit is discarded', async ({
  page,
  admin,
  sfx,
}) => {
  const sized = await createSizedFamily(admin, sfx);
  const product = await createProductWithVariants(admin, sized, `AXS-${sfx}`, ['s', 'm']);
  await signIn(page, MEDIA_EDITOR);
  await page.goto(`/products/${product.id}`);
  const size = page.getByTestId(`attribute-size_${sfx}`);
  await expect(size.getByRole('textbox')).toHaveValue('Varies by variant (set on each variant)');
  await expect(size.getByRole('combobox')).toHaveCount(0);

  const name = `draft-${sfx}.png`;
  const stored = async () =>
    (await admin.get<{ items: { fileName: string }[] }>(`/assets?q=${encodeURIComponent(`draft-${sfx}`)}`)).items.map((a) => a.fileName);
  for (const round of [1, 2]) {
    await page.getByLabel('Files to upload').setInputFiles({ name, mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByTestId('product-media').getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
    // The upload keeps its own name each time: the first one did not stay behind in the library.
    expect(await stored(), `round ${round}`).toEqual([name]);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByText('No images or files yet.', { exact: false })).toBeVisible();
    await expect.poll(stored).toEqual([]);
  }
});

for (const width of [1440, 375]) {
  test(`the Arabic product search placeholder fits its field at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, CATALOGUE_USER, { language: 'ar' });
    await page.goto('/products');
    const search = page.getByRole('searchbox');
    await expect(search).toBeVisible();
    const fit = await search.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
      return { text: ctx.measureText(el.placeholder).width, room };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
  });
}
