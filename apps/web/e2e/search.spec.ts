import { expect, seeded, SUPER_ADMIN, test, type Api } from './fixtures';
import { signIn } from './helpers';
import { PHONE } from './product-helpers';

/** Today as the server counts it (UTC calendar, apps/server/src/lib/dates.ts). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

async function records(admin: Api, sfx: string) {
  const product = await admin.post('/products', { sku: `SRCH-${sfx}`, nameEn: `Saffron ${sfx}`, nameAr: `زعفران ${sfx}` });
  const location = await admin.post('/market-locations', { nameEn: `Dock ${sfx}`, nameAr: `الرصيف ${sfx}`, address: '2 Quay Road' });
  const day = await admin.post('/market-days', {
    locationId: location.id,
    date: todayUtc(),
    setupTime: '06:30',
    openTime: '08:00',
    closeTime: '12:00',
  });
  await admin.post(`/market-days/${day.id}/publish`);
  return { product, location, day };
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1400, height: 1000 } });

  test('Ctrl+K searches every area the admin may see, opens a result with the keyboard, and Today shows today', async ({
    page,
    admin,
    sfx,
  }) => {
    const r = await records(admin, sfx);
    await signIn(page, SUPER_ADMIN);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Search everything...' })).toBeVisible();

    await test.step('Ctrl+K opens the palette; a product name finds the product and Enter opens it', async () => {
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette).toBeVisible();
      await palette.getByRole('combobox').fill(`Saffron ${sfx}`);
      const group = palette.getByRole('group', { name: 'Products' });
      await expect(group.getByRole('option', { name: new RegExp(`Saffron ${sfx}`) })).toBeVisible();
      await expect(group.getByRole('option')).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/products/${r.product.id}$`));
      await expect(palette).toHaveCount(0);
    });

    await test.step('the header box searches locations and market days; no match says so', async () => {
      await page.getByRole('button', { name: 'Search everything...' }).click();
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox').fill(`Dock ${sfx}`);
      await expect(palette.getByRole('group', { name: 'Locations' }).getByRole('option')).toHaveCount(1);
      await expect(palette.getByRole('group', { name: 'Market days' }).getByRole('option')).toHaveCount(1);
      await palette.getByRole('combobox').fill(`nothing-${sfx}-here`);
      await expect(palette.getByTestId('search-no-records')).toHaveText(`No records match “nothing-${sfx}-here”.`);
      await page.keyboard.press('Escape');
      await expect(palette).toHaveCount(0);
    });

    await test.step('Today lists the market day at its location and says plainly what is not built', async () => {
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      await expect(page).toHaveURL(/\/today$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      const days = page.getByTestId('today-market-days');
      const row = days.getByRole('listitem').filter({ hasText: `Dock ${sfx}` });
      await expect(row).toContainText('Published');
      await expect(row).toContainText('Set-up 06:30 · open 08:00–12:00');
      await expect(row).toContainText('Check-in opens with market day operations.');
      await expect(page.getByTestId('today-applications')).toBeVisible();
      await expect(page.getByText('Tasks are not built yet', { exact: false })).toBeVisible();
      await expect(page.getByText('Point of sale is not built yet', { exact: false })).toBeVisible();
    });
  });

  test('a catalogue member finds products but no market records, and Today shows no market days', async ({ page, admin, sfx }) => {
    await records(admin, sfx);
    await signIn(page, seeded('marketing'));
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Search everything...' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill(sfx);
    await expect(palette.getByRole('group', { name: 'Products' }).getByRole('option')).toHaveCount(1);
    await expect(palette.getByRole('group', { name: 'Locations' })).toHaveCount(0);
    await expect(palette.getByRole('group', { name: 'Market days' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/today');
    await expect(page.getByText('Market days and applications are shown to members with the vendor management permission.')).toBeVisible();
    await expect(page.getByTestId('today-market-days')).toHaveCount(0);
  });
});

test('on a phone, in Arabic, the header search icon opens the palette and an Arabic name finds the product', async ({
  page,
  admin,
  sfx,
}) => {
  await page.setViewportSize(PHONE);
  const r = await records(admin, sfx);
  await signIn(page, SUPER_ADMIN, { language: 'ar' });
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'ابحث في كل شيء...' }).click();
  const palette = page.getByRole('dialog', { name: 'لوحة الأوامر' });
  await palette.getByRole('combobox').fill(`زعفران ${sfx}`);
  const option = palette.getByRole('group', { name: 'المنتجات' }).getByRole('option', { name: new RegExp(`زعفران ${sfx}`) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/products/${r.product.id}$`));
});
