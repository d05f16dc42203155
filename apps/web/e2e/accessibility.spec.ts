import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { submitApplication } from './application-helpers';
import { expect, seeded, SUPER_ADMIN, test } from './fixtures';
import { signIn, openInLanguage } from './helpers';
import { createMarket } from './market-helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of ['en', 'ar']) {
  test(`sign-in page has no serious or critical violations (${lang})`, async ({ page }) => {
    await openInLanguage(page, lang);
    await expect(page.getByRole('button').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`shell and dashboard have no serious or critical violations (${lang})`, async ({ page }) => {
    await signIn(page, SUPER_ADMIN, { language: lang });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('members-count')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-ready', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const lang of ['en', 'ar']) {
  test(`application form, its error state and the review queue have no serious or critical violations (${lang})`, async ({
    page,
    request,
    admin,
    sfx,
  }) => {
    // The queue shows an application of this test's own market.
    const email = `a11y-${sfx}@example.test`;
    await submitApplication(request, await createMarket(admin, sfx), { email, businessName: `Stall ${sfx}` });
    await openInLanguage(page, lang);
    await page.goto('/market-vendor-application');
    await expect(page.getByTestId('apply-next')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The first step sent empty shows its messages under the fields.
    await page.getByTestId('apply-next').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signIn(page, seeded('vendor_manager'), { language: lang });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/market-vendor-management?tab=applications&q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId('application-row')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the sign-in helper and the dashboard agree (sanity)', async ({ page }) => {
  await signIn(page, seeded('marketing'));
  await expect(page).toHaveURL(/\/dashboard$/);
});
