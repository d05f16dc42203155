import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

test.use({ viewport: { width: 1400, height: 1000 } });

const count = async (page: Page) => Number((await page.getByTestId('missing-count').innerText()).replace(/\D/g, ''));

test('a super admin adds a language, translates a key in place, then deactivates and deletes it', async ({ page, sfx: suffix }) => {
  test.setTimeout(60_000);
  const code = `fr-${suffix}`;
  const name = `French ${suffix}`;
  await signIn(page, SUPER_ADMIN);
  await page.goto('/master-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Languages' })).toHaveAttribute('aria-selected', 'true');

  await test.step('the tab is kept in the address', async () => {
    await page.getByRole('tab', { name: 'Brands' }).click();
    await expect(page).toHaveURL(/tab=brands/);
    await page.getByRole('tab', { name: 'Languages' }).click();
    await expect(page).not.toHaveURL(/tab=/);
  });

  await test.step('the default language cannot be switched off', async () => {
    await expect(page.getByRole('switch', { name: 'English active' })).toBeDisabled();
    await expect(page.getByTestId('language-row-en')).toContainText('Default');
  });

  await test.step('add the language', async () => {
    await page.getByRole('button', { name: 'Add language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a language' });
    await dialog.getByLabel('Code').fill('French');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Use a language code such as en')).toBeVisible();
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Native name').fill('Français');
    await dialog.getByLabel('Direction').selectOption('ltr');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/languages') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await created).status()).toBe(201);
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId(`language-row-${code}`);
    await expect(row).toContainText('Français');
    await expect(row.getByText(/^0 \/ [\d,]+ keys \(0%\)$/)).toBeVisible();
    await expect(page.getByRole('switch', { name: `${name} active` })).toHaveAttribute('aria-checked', 'true');
  });

  await test.step('move the language up and back down', async () => {
    const order = () =>
      page
        .locator('[data-testid^="language-row-"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('language-row-'.length)));
    await expect.poll(order).toEqual(['en', 'ar', code]);
    await page.getByRole('button', { name: `Move ${name} up` }).click();
    await expect.poll(order).toEqual(['en', code, 'ar']);
    await page.getByRole('button', { name: `Move ${name} down` }).click();
    await expect.poll(order).toEqual(['en', 'ar', code]);
  });

  const cell = `${name} text of nav.dashboard`;
  await test.step('find a key by search and give it a French value inline', async () => {
    await page.getByRole('tab', { name: 'Translations' }).click();
    await expect(page).toHaveURL(/tab=translations/);
    await expect(page.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByTestId('translations-summary')).toContainText(/^1–50 of [\d,]+$/);
    const allMissing = await count(page);
    expect(allMissing).toBeGreaterThan(500);

    await page.getByLabel('Search keys and texts').fill('nav.dashboard');
    const row = page.getByTestId('translation-row').filter({ has: page.getByRole('rowheader', { name: 'nav.dashboard', exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: 'Arabic text of nav.dashboard' })).toHaveText('لوحة التحكم');
    await expect(row.getByRole('button', { name: 'Arabic text of nav.dashboard' }).locator('xpath=..')).toHaveAttribute('dir', 'rtl');
    await expect(row.getByRole('button', { name: cell })).toHaveText('Missing');
    const searchedMissing = await count(page);
    expect(searchedMissing).toBeGreaterThanOrEqual(1);

    // Escape gives up without a request.
    await row.getByRole('button', { name: cell }).click();
    await row.getByRole('textbox', { name: cell }).fill('Ne pas garder');
    await row.getByRole('textbox', { name: cell }).press('Escape');
    await expect(row.getByRole('button', { name: cell })).toHaveText('Missing');

    // Enter creates the row for a key that has no value in this language.
    await row.getByRole('button', { name: cell }).click();
    await row.getByRole('textbox', { name: cell }).fill('Tableau');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/translations') && r.request().method() === 'POST');
    await row.getByRole('textbox', { name: cell }).press('Enter');
    expect((await created).status()).toBe(201);
    await expect(row.getByRole('button', { name: cell })).toHaveText('Tableau');
    await expect.poll(() => count(page)).toBe(searchedMissing - 1);

    // Leaving the cell updates the existing row.
    await row.getByRole('button', { name: cell }).click();
    await row.getByRole('textbox', { name: cell }).fill('Tableau de bord');
    const updated = page.waitForResponse((r) => r.url().includes('/api/v1/translations/') && r.request().method() === 'PATCH');
    await page.getByLabel('Search keys and texts').click();
    expect((await updated).status()).toBe(200);
    await expect(row.getByRole('button', { name: cell })).toHaveText('Tableau de bord');

    await page.getByLabel('Search keys and texts').fill('');
    await expect.poll(() => count(page)).toBe(allMissing - 1);
  });

  await test.step('missing only lists the keys still lacking a value', async () => {
    const missing = await count(page);
    await page.getByLabel('Missing only').check();
    await expect(page.getByTestId('translations-summary')).toHaveText(`1–50 of ${missing.toLocaleString('en')}`);
    await page.getByLabel('Search keys and texts').fill('nav.dashboard');
    await expect(page.getByRole('rowheader', { name: 'nav.dashboard', exact: true })).toHaveCount(0);
    await page.getByLabel('Missing only').uncheck();
    await expect(page.getByRole('rowheader', { name: 'nav.dashboard', exact: true })).toHaveCount(1);
  });

  await test.step('a shipped text changed for the organization is marked and reset to shipped', async () => {
    await page.getByLabel('Search keys and texts').fill('nav.dashboard');
    const row = page.getByTestId('translation-row').filter({ has: page.getByRole('rowheader', { name: 'nav.dashboard', exact: true }) });
    const label = 'English text of nav.dashboard';
    const en = row.getByRole('button', { name: label, exact: true });
    await en.click();
    await row.getByRole('textbox', { name: label }).fill('Overview');
    const updated = page.waitForResponse((r) => r.url().includes('/api/v1/translations/') && r.request().method() === 'PATCH');
    await row.getByRole('textbox', { name: label }).press('Enter');
    expect((await updated).status()).toBe(200);
    await expect(en).toHaveText('Overview');
    await expect(row.getByText('Changed', { exact: true })).toBeVisible();
    const reset = page.waitForResponse((r) => r.url().includes('/api/v1/translations/') && r.request().method() === 'DELETE');
    await row.getByRole('button', { name: `Reset the ${label} to the shipped text` }).click();
    expect((await reset).status()).toBe(200);
    await expect(en).toHaveText('Dashboard');
    await expect(row.getByText('Changed', { exact: true })).toHaveCount(0);
    await page.getByLabel('Search keys and texts').fill('');
  });

  await test.step('deactivate and delete the language', async () => {
    await page.getByRole('tab', { name: 'Languages' }).click();
    const row = page.getByTestId(`language-row-${code}`);
    await expect(row.getByText(/^1 \/ [\d,]+ keys \(0%\)$/)).toBeVisible();
    const toggled = page.waitForResponse((r) => r.url().includes('/api/v1/languages/') && r.request().method() === 'PATCH');
    await page.getByRole('switch', { name: `${name} active` }).click();
    expect((await toggled).status()).toBe(200);
    await expect(page.getByRole('switch', { name: `${name} active` })).toHaveAttribute('aria-checked', 'false');

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete language' });
    await expect(dialog).toContainText(`Delete ${name} (${code}) and all its translations (translations: 1)?`);
    const deleted = page.waitForResponse((r) => r.url().includes('/api/v1/languages/') && r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await deleted).status()).toBe(200);
    await expect(row).toHaveCount(0);
  });
});

for (const lang of ['en', 'ar']) {
  test(`the master data tabs have no serious or critical violations (${lang})`, async ({ page }) => {
    await signIn(page, SUPER_ADMIN);
    await page.evaluate((c) => localStorage.setItem('pim-language', c), lang);
    await page.goto('/master-data');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('language-row-ar')).toBeVisible();
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await serious()).toEqual([]);
    await page.goto('/master-data?tab=translations');
    await expect(page.getByTestId('translation-row').first()).toBeVisible();
    expect(await serious()).toEqual([]);
  });
}
