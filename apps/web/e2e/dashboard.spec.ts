import type { Page } from '@playwright/test';
import { apiAs, expect, SUPER_ADMIN, test, type Api } from './fixtures';
import { signIn } from './helpers';

// The dashboard's cards for a super admin, in English and Arabic, and the recent activity told in words
// with a link to the object (issue 14: "A dashboard worth opening", "Recent activity shows raw codes").

const CARDS = [
  'applications-waiting',
  'recent-activity',
  'catalogue-card',
  'products-per-week',
  'documents-expiring',
  'applications-per-week',
];

// The activity card shows the organization's ten newest entries, and other specs write to the same demo organization
// in parallel (an import writes a burst of them). Each try therefore writes a fresh brand just before the page loads,
// and the sentence is looked for in that page; a burst that pushes it out makes one more try, never a failure.
async function freshBrandSentence(page: Page, admin: Api, language: 'en' | 'ar') {
  const found = { nameEn: '', nameAr: '' };
  await expect(async () => {
    const sfx = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const names = { nameEn: `Dashboard Brand ${sfx}`, nameAr: `علامة لوحة التحكم ${sfx}` };
    await admin.post('/brands', { code: `dash-${sfx}`, ...names });
    await page.goto('/dashboard');
    const name = language === 'en' ? names.nameEn : names.nameAr;
    await expect(page.getByTestId('recent-activity').getByTestId('activity-sentence').filter({ hasText: name })).toBeVisible({
      timeout: 5_000,
    });
    Object.assign(found, names);
  }).toPass({ timeout: 45_000 });
  return found;
}

test('a super admin sees every card and reads the activity as linked sentences, in English and Arabic', async ({ page, request }) => {
  const admin = await apiAs(request, SUPER_ADMIN);
  await signIn(page, SUPER_ADMIN);
  const { nameEn } = await freshBrandSentence(page, admin, 'en');
  for (const id of CARDS) await expect(page.getByTestId(id)).toBeVisible();
  // Other specs may or may not have made channels in the shared organization: the card names one of the two states.
  await expect(page.getByTestId('catalogue-card').getByText(/^(No sales channel yet|Complete per channel)/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products created per week' })).toBeAttached();
  const activity = page.getByTestId('recent-activity');
  const sentence = activity.getByTestId('activity-sentence').filter({ hasText: nameEn });
  await expect(sentence).toContainText(`created the brand “${nameEn}”`);
  // No raw codes: the action and entity type never show as they are stored.
  await expect(activity).not.toContainText(/\bcreate brand\b|vendor_application|application\.approved/);
  await sentence.getByRole('link', { name: nameEn }).click();
  await expect(page).toHaveURL(/\/master-data\?tab=brands$/);

  await page.evaluate(() => localStorage.setItem('pim-language', 'ar'));
  const { nameAr } = await freshBrandSentence(page, admin, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const id of CARDS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('catalogue-card')).toContainText('الكتالوج');
  const arSentence = page.getByTestId('recent-activity').getByTestId('activity-sentence').filter({ hasText: nameAr });
  await expect(arSentence).toContainText(`تم إنشاء العلامة التجارية «${nameAr}» بواسطة`);
  await expect(arSentence.getByRole('link', { name: nameAr })).toHaveAttribute('href', '/master-data?tab=brands');
});
