import type { APIRequestContext, Page } from '@playwright/test';
import { submitApplication, TINY_PNG } from './application-helpers';
import { expect, SUPER_ADMIN, test, type Api } from './fixtures';
import { openInLanguage, signIn, wcagViolations } from './helpers';
import { createMarket } from './market-helpers';

/** THEMES and THEME_STORAGE_KEY of src/app/theme/theme-provider.tsx: the theme a returning user chose. */
const THEMES = ['default', 'ocean-breeze', 'violet-nights'] as const;
const THEME_STORAGE_KEY = 'pim-theme';

/**
 * What the covered pages show, made through the API: a market with a published day (the dashboard's card and the
 * calendar), slots of a light and a dark category colour and a blocked one (the plan), a product, an image and
 * an application waiting in the queue.
 */
async function seed(request: APIRequestContext, admin: Api, sfx: string) {
  const market = await createMarket(admin, sfx);
  const dark = await admin.post('/market-categories', {
    nameEn: `Night ${sfx}`,
    nameAr: `ليل ${sfx}`,
    colour: '#1e3a8a',
    targetPerDay: 4,
    requiredDocumentTypes: [],
  });
  const row = (prefix: string, startY: number, extra: Record<string, unknown>) =>
    admin.post('/market-slots/generate', {
      locationId: market.location.id,
      prefix,
      from: 1,
      to: 3,
      widthM: 3,
      depthM: 3,
      layout: { startX: 1, startY, direction: 'row', gapM: 1 },
      ...extra,
    });
  await row('A', 1, { categoryId: market.category.id });
  await row('B', 6, { categoryId: dark.id });
  await row('C', 11, { status: 'blocked' });
  const product = await admin.post('/products', { sku: `A11Y-${sfx}`, nameEn: `Honey ${sfx}`, nameAr: `عسل ${sfx}` });
  await admin.upload('/assets/upload', { name: `stall-${sfx}.png`, mimeType: 'image/png', buffer: TINY_PNG });
  const email = `a11y-${sfx}@example.test`;
  await submitApplication(request, market, { email, businessName: `Stall ${sfx}` });
  return { market, product, email };
}

/** Runs axe on the page and files its violations under the page's name. */
function checker(page: Page) {
  const found: Record<string, string[]> = {};
  return {
    found,
    check: async (name: string) => {
      const violations = await wcagViolations(page);
      if (violations.length > 0) found[name] = violations;
    },
  };
}

// One test per theme and language visits every covered page, so the set runs in a few minutes.
for (const theme of THEMES) {
  for (const lang of ['en', 'ar']) {
    test(`the covered pages meet WCAG 2.0, 2.1 and 2.2 A and AA (${theme}, ${lang})`, async ({ page, request, admin, sfx }) => {
      test.setTimeout(180_000);
      const { market, product, email } = await seed(request, admin, sfx);
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: THEME_STORAGE_KEY, value: theme });
      const { found, check } = checker(page);

      await openInLanguage(page, lang);
      if (theme === 'default') await expect(page.locator('html')).not.toHaveAttribute('data-theme');
      else await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('form button[type=submit]')).toBeVisible();
      await check('sign-in');

      await page.goto('/market-vendor-application');
      await expect(page.getByTestId('apply-next')).toBeVisible();
      await check('application form');
      // The first step sent empty shows its messages under the fields.
      await page.getByTestId('apply-next').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check('application form with errors');

      await signIn(page, SUPER_ADMIN, { language: lang });
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('members-count')).toBeVisible();
      await expect(page.getByTestId('sidebar')).toHaveAttribute('data-ready', 'true');
      // The next market days, with their status badges.
      await expect(page.getByTestId('next-market-days').getByRole('listitem').first()).toBeVisible();
      await check('dashboard');

      await page.goto(`/products?q=${encodeURIComponent(`A11Y-${sfx}`)}`);
      await expect(page.getByTestId('product-row').first()).toBeVisible();
      await check('products list');

      await page.goto(`/products/${product.id}`);
      await expect(page.getByTestId('product-version')).toBeVisible();
      await check('product page');

      await page.goto('/assets');
      await expect(page.getByTestId('asset-grid')).toContainText(`stall-${sfx}`);
      await check('assets');

      await page.goto('/market-events');
      // Published days on the calendar, with their times (every test's market opens tomorrow; a cell lists three).
      await expect(page.locator('td li button').first()).toBeVisible();
      await check('market days');

      await page.goto(`/market-slots?location=${market.location.id}&view=plan`);
      await expect(page.locator('[data-slot-id]')).toHaveCount(9);
      await check('slot plan');

      await page.goto(`/market-vendor-management?tab=applications&q=${encodeURIComponent(email)}`);
      await expect(page.getByTestId('application-row')).toHaveCount(1);
      await check('application queue');

      expect(found).toEqual({});
    });
  }
}
