import { readFile } from 'node:fs/promises';
import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

// A supplier's file from upload to products (issue 18): an English and Arabic CSV with an error row, the dry run's
// totals and the field-by-field diff of an existing product, the error file downloaded and its row fixed, the run,
// then the fixed row imported from the error file.
test('a CSV with an error row: dry run diff, run, error file fixed and imported', async ({ page, admin, sfx }) => {
  test.setTimeout(90_000);
  const existing = await admin.post<{ id: string; sku: string }>('/products', {
    sku: `IMP-OLD-${sfx}`,
    nameEn: 'Old honey',
    priceMinor: 900,
  });
  const fresh = `IMP-NEW-${sfx}`;
  const broken = `IMP-BAD-${sfx}`;
  const csv = [
    'SKU,Name,الاسم,Price',
    `${existing.sku},Wildflower honey,عسل زهور برية,12.50`,
    `${fresh},Date syrup,دبس التمر,8`,
    `${broken},Olive oil,زيت زيتون,abc`,
  ].join('\n');

  await signIn(page, SUPER_ADMIN);
  await page.goto('/product-import');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: `supplier-${sfx}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: `supplier-${sfx}.csv` })).toBeVisible();
  // The columns were recognised from their English and Arabic names.
  await expect(page.getByRole('combobox', { name: 'Target of column الاسم' })).toHaveValue('nameAr');

  await page.getByRole('button', { name: 'Dry run', exact: true }).last().click();
  const total = (outcome: string) => page.getByTestId(`import-total-${outcome}`);
  await expect(total('create')).toContainText('1', { timeout: 30_000 });
  await expect(total('update')).toContainText('1');
  await expect(total('error')).toContainText('1');
  const rows = page.getByRole('table').first();
  await expect(rows).toContainText('must be an amount such as 12.50');
  // The existing product's diff, field by field.
  await rows
    .getByRole('row', { name: new RegExp(existing.sku) })
    .getByRole('button', { name: /Changes/ })
    .click();
  await expect(page.getByText('Old honey', { exact: true })).toBeVisible();
  await expect(page.getByText('Wildflower honey', { exact: true }).first()).toBeVisible();

  // The error file: the original columns and the reason; its row fixed.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error file' }).click();
  const errors = await readFile((await (await downloading).path())!, 'utf8');
  expect(errors).toContain('Reason');
  expect(errors).toContain(`${broken},Olive oil,زيت زيتون,abc,Price: must be an amount such as 12.50`);

  await page.getByRole('button', { name: 'Run import' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run import' }).click();
  await expect(page.getByText('The import is complete.')).toBeVisible({ timeout: 30_000 });
  await expect(total('create')).toContainText('Created');
  await expect(total('create')).toContainText('1');
  await expect(total('update')).toContainText('1');
  await expect(total('error')).toContainText('1');

  const fixedCsv = errors.replace(`${broken},Olive oil,زيت زيتون,abc`, `${broken},Olive oil,زيت زيتون,4.75`);
  await page.getByText('All imports').click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: `fixed-${sfx}.csv`, mimeType: 'text/csv', buffer: Buffer.from(fixedCsv) });
  await expect(page.getByRole('heading', { name: `fixed-${sfx}.csv` })).toBeVisible();
  await page.getByRole('button', { name: 'Dry run', exact: true }).last().click();
  await expect(total('create')).toContainText('1', { timeout: 30_000 });
  await expect(total('error')).toContainText('0');
  await page.getByRole('button', { name: 'Run import' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run import' }).click();
  await expect(page.getByText('The import is complete.')).toBeVisible({ timeout: 30_000 });

  const found = await admin.get<{ items: { id: string; sku: string }[] }>(`/products?q=${broken}`);
  const made = found.items.find((p) => p.sku === broken);
  expect(made).toBeTruthy();
  expect(await admin.get(`/products/${made!.id}`)).toMatchObject({ nameAr: 'زيت زيتون', priceMinor: 475 });
  const updated = await admin.get<{ nameEn: string; priceMinor: number }>(`/products/${existing.id}`);
  expect(updated).toMatchObject({ nameEn: 'Wildflower honey', priceMinor: 1250 });
});
