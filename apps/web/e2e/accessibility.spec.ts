import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function useLanguage(page: Page, code: string) {
  await page.goto('/auth');
  await page.evaluate((c) => localStorage.setItem('pim-language', c), code);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

for (const lang of ['en', 'ar']) {
  test(`sign-in page has no serious or critical violations (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await expect(page.getByRole('button').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`shell and dashboard have no serious or critical violations (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.getByRole('textbox').first().fill('super-admin@demo.market');
    await page.locator('input[type=password]').fill('Demo-Market-2026');
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('members-count')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-ready', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const lang of ['en', 'ar']) {
  test(`application form, its error state and the review queue have no serious or critical violations (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.goto('/market-vendor-application');
    await expect(page.getByTestId('apply-next')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The first step sent empty shows its messages under the fields.
    await page.getByTestId('apply-next').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/auth');
    await page.getByRole('textbox').first().fill('vendor-manager@demo.market');
    await page.locator('input[type=password]').fill('Demo-Market-2026');
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/market-vendor-management?tab=applications');
    await expect(page.getByTestId('application-row').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the sign-in helper and the dashboard agree (sanity)', async ({ page }) => {
  await signIn(page, 'marketing@demo.market');
  await expect(page).toHaveURL(/\/dashboard$/);
});
