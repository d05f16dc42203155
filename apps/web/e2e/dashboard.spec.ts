import { apiAs, expect, SUPER_ADMIN, test } from './fixtures';
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

test('a super admin sees every card and reads the activity as linked sentences, in English and Arabic', async ({ page, request }) => {
  const admin = await apiAs(request, SUPER_ADMIN);
  const sfx = Date.now().toString(36);
  const nameEn = `Dashboard Brand ${sfx}`;
  const nameAr = `علامة لوحة التحكم ${sfx}`;
  await admin.post('/brands', { code: `dash-${sfx}`, nameEn, nameAr });

  await signIn(page, SUPER_ADMIN);
  await page.goto('/dashboard');
  for (const id of CARDS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('catalogue-card')).toContainText('One channel until catalogue publishing exists');
  await expect(page.getByRole('table', { name: 'Products created per week' })).toBeAttached();
  const activity = page.getByTestId('recent-activity');
  const sentence = activity.getByTestId('activity-sentence').filter({ hasText: nameEn });
  await expect(sentence).toContainText(`created the brand “${nameEn}”`);
  // No raw codes: the action and entity type never show as they are stored.
  await expect(activity).not.toContainText(/\bcreate brand\b|vendor_application|application\.approved/);
  await sentence.getByRole('link', { name: nameEn }).click();
  await expect(page).toHaveURL(/\/master-data\?tab=brands$/);

  await page.evaluate(() => localStorage.setItem('pim-language', 'ar'));
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const id of CARDS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('catalogue-card')).toContainText('الكتالوج');
  const arSentence = page.getByTestId('recent-activity').getByTestId('activity-sentence').filter({ hasText: nameAr });
  await expect(arSentence).toContainText(`تم إنشاء العلامة التجارية «${nameAr}» بواسطة`);
  await expect(arSentence.getByRole('link', { name: nameAr })).toHaveAttribute('href', '/master-data?tab=brands');
});
