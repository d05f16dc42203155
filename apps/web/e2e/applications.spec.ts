import type { Page } from '@playwright/test';
import { linkIn, newestMail, submitApplication, TINY_PNG } from './application-helpers';
import { expect, seeded, test } from './fixtures';
import { signIn } from './helpers';
import { createMarket, type Market } from './market-helpers';

const STAFF = seeded('vendor_manager');

const NEW_PASSWORD = 'Jasmine-Sweets-2026!';

/** Fills the market-vendor form in Arabic for the market's day and category, with the insurance document it requires. */
async function applyInArabic(page: Page, market: Market, email: string, businessName: string): Promise<void> {
  await page.goto('/market-vendor-application');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByLabel('اسم النشاط التجاري').fill(businessName);
  await page.getByLabel('الشخص المسؤول عن التواصل').fill('ياسمين علي');
  await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
  await page.getByLabel('رقم الهاتف').fill('+971 50 765 4321');
  await page.getByTestId('apply-next').click();

  await page.getByLabel('ما تبيعه').fill('حلويات عربية تقليدية وسلال هدايا مصنوعة يدويًا.');
  await page.getByLabel(market.category.nameAr).check();
  await page.getByTestId('apply-next').click();

  await page.locator(`input[name="marketDayIds"][value="${market.day.id}"]`).check();
  await page.getByLabel('3 × 3 م').check();
  await page.getByLabel('بدون كهرباء').check();
  await page.getByTestId('apply-next').click();

  // Reload mid-way: the draft (answers and step) survives.
  await page.reload();
  await expect(page.getByRole('group', { name: 'الوثائق' })).toBeVisible();
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'insurance.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('button', { name: 'إزالة insurance.png' })).toBeVisible();
  await page.getByTestId('apply-next').click();

  await expect(page.getByText(businessName).first()).toBeVisible();
  await page.getByRole('checkbox', { name: /أؤكد صحة هذه الإجابات/ }).check();
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-done')).toContainText(email);
}

test('market vendor journey: Arabic application with a document, request for information, answer, approval, invitation, vendor dashboard', async ({
  page,
  browser,
  request,
  admin,
  sfx,
}) => {
  test.setTimeout(120_000);
  const market = await createMarket(admin, sfx, { requiredDocumentTypes: ['insurance'] });
  const email = `jasmine-${sfx}@example.test`;
  const businessName = `حلويات الياسمين ${sfx}`;
  await applyInArabic(page, market, email, businessName);

  // The confirmation e-mail, in Arabic, carries the private status link.
  const received = await newestMail(request, email, 'application.received');
  expect(received.subject).toContain('استلمنا طلبك');
  const statusLink = linkIn(received.textBody, '/application-status?');
  // The link names the applicant's language (issue 14, item 8): opened where nothing was chosen before, the page is Arabic.
  expect(new URL(statusLink).searchParams.get('lang')).toBe('ar');
  const elsewhere = await browser.newContext();
  const fresh = await elsewhere.newPage();
  await fresh.goto(statusLink);
  await expect(fresh.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(fresh.getByRole('heading', { name: 'طلبك', exact: true })).toBeVisible();
  await expect(fresh.getByTestId('status-badge')).toHaveAttribute('data-status', 'submitted');
  await elsewhere.close();

  // Staff (English) find it in the queue and ask for information.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF);
  // The sidebar's "Vendor Applications" opens on the applications, not on the vendors.
  await staff.goto('/market-vendor-management');
  await expect(staff.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
  const row = staff.getByTestId('application-row').filter({ hasText: businessName });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: businessName }).click();
  await expect(staff).toHaveURL(/\/market-vendor-management\/applications\/[0-9a-f-]{36}$/);
  await expect(staff.getByTestId('application-history')).toBeVisible();
  await expect(staff.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
  await staff.getByTestId('action-request_info').click();
  await staff.getByRole('dialog').getByRole('textbox').fill('Please add a photo of your stall set-up.');
  await staff.getByTestId('action-confirm').click();
  await expect(staff.getByTestId('application-status')).toHaveAttribute('data-status', 'info_requested');

  // The applicant answers from the status link, with a file.
  await page.goto(statusLink);
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'info_requested');
  await expect(page.getByTestId('status-respond')).toContainText('Please add a photo of your stall set-up.');
  const respond = page.getByTestId('status-respond');
  await respond.getByLabel('ردك').fill('أضفت صورة الكشك.');
  await respond.locator('input[type="file"]').setInputFiles({ name: 'stall.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(respond.getByRole('button', { name: 'إزالة stall.png' })).toBeVisible();
  await respond.getByRole('button', { name: 'إرسال الرد' }).click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'under_review');

  // Staff see the answer and approve.
  await staff.reload();
  await expect(staff.getByTestId('application-status')).toHaveAttribute('data-status', 'under_review');
  await expect(staff.getByTestId('application-history')).toContainText('أضفت صورة الكشك.');
  await staff.getByTestId('action-approve').click();
  await staff.getByTestId('action-confirm').click();
  await expect(staff.getByTestId('application-status')).toHaveAttribute('data-status', 'approved');
  await staffContext.close();

  // The invitation is in the outbox, in Arabic; following it opens a page that spends nothing until its button
  // is pressed (issue 14, item 9): a mail scanner opening it first leaves it usable.
  const invitation = await newestMail(request, email, 'invite');
  expect(invitation.subject).toBe('لقد تلقيت دعوة');
  const inviteLink = linkIn(invitation.textBody, '/auth?mode=confirm');
  expect(new URL(inviteLink).searchParams.get('lang')).toBe('ar');
  const scanner = await request.get(inviteLink);
  expect(scanner.status()).toBe(200);
  await page.evaluate(() => localStorage.removeItem('market-auth'));
  await page.goto(inviteLink);
  const accept = page.getByTestId('confirm-link');
  await expect(accept).toHaveAttribute('data-type', 'invite');
  await expect(accept).toContainText(email);
  await expect(accept.locator('button[type="submit"]')).toHaveText('قبول الدعوة واختيار كلمة المرور');
  expect(await page.evaluate(() => localStorage.getItem('market-auth'))).toBeNull();
  await accept.locator('button[type="submit"]').click();
  const form = page.getByTestId('invite-form');
  await expect(form).toBeVisible();
  await form.locator('input[type="password"]').fill(NEW_PASSWORD);
  await form.getByRole('button').last().click();
  await expect(page).toHaveURL(/\/vendor-dashboard$/);
  await expect(page.getByTestId('vendor-welcome')).toContainText(businessName);

  // Signing out and in again with the new password lands on the vendor dashboard.
  await page.getByTestId('vendor-sign-out').click();
  await expect(page).toHaveURL(/\/auth/);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(NEW_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/vendor-dashboard$/);
  await expect(page.getByTestId('vendor-dashboard')).toBeVisible();
});

test('stored text from a public form is shown as text on every staff screen, never run', async ({ page, request, admin, sfx }) => {
  test.setTimeout(60_000);
  const hostile = {
    name: `<img src=x onerror="window.__xss=1">Stall ${sfx}`,
    contact: '"><svg onload="window.__xss=1">',
    description: '<script>window.__xss=1</script> jars & "jams"',
  };
  const email = `hostile-${sfx}@example.test`;
  await submitApplication(request, await createMarket(admin, sfx), {
    email,
    businessName: hostile.name,
    overrides: { contactName: hostile.contact, productsDescription: hostile.description },
  });

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, STAFF);
  await page.goto(`/market-vendor-management?tab=applications&q=${encodeURIComponent(email)}`);
  const row = page.getByTestId('application-row').filter({ hasText: hostile.name });
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/market-vendor-management\/applications\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('application-history')).toBeVisible();
  await expect(page.getByText(hostile.description)).toBeVisible();
  await expect(page.getByText(hostile.contact).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('a missing application says so at once and links back to its queue', async ({ page }) => {
  await signIn(page, STAFF);
  const missing = '00000000-0000-4000-8000-000000000000';
  let asked = 0;
  page.on('request', (r) => void (r.url().includes(`/api/v1/vendor-applications/${missing}`) && asked++));
  await page.goto(`/junior-vendor-management/applications/${missing}`);
  const back = page.getByTestId('application-back');
  await expect(back).toBeVisible();
  // A 404 is not asked again: a retry would keep "Loading..." up for its delay and a second round trip.
  expect(asked).toBe(1);
  await back.click();
  await expect(page).toHaveURL(/\/junior-vendor-management$/);
  await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
});

test('an approval’s invitation link signs nobody in until the invitation is accepted on its page (issue 14, item 9)', async ({
  page,
  request,
  admin,
  sfx,
}) => {
  test.setTimeout(60_000);
  const market = await createMarket(admin, sfx);
  const email = `invited-${sfx}@example.test`;
  await submitApplication(request, market, { email, businessName: `Invited ${sfx}` });
  const { items } = await admin.get<{ items: { id: string }[] }>(
    `/vendor-applications?stream=market_vendor&q=${encodeURIComponent(email)}`,
  );
  await admin.post(`/vendor-applications/${items[0]!.id}/approve`, {});
  const invitation = await newestMail(request, email, 'invite');
  const link = linkIn(invitation.textBody, '/auth?mode=confirm');
  expect(new URL(link).searchParams.get('lang')).toBe('en');

  // Opened by a scanner and then by the person, twice: nothing is signed in, nothing spent.
  expect((await request.get(link)).status()).toBe(200);
  for (let i = 0; i < 2; i++) {
    await page.goto(link);
    await expect(page.getByTestId('confirm-link')).toContainText(`You were invited to an account for ${email}.`);
    expect(await page.evaluate(() => localStorage.getItem('market-auth'))).toBeNull();
  }
  await page.getByRole('button', { name: 'Accept the invitation and choose a password' }).click();
  const form = page.getByTestId('invite-form');
  await form.locator('input[type="password"]').fill(NEW_PASSWORD);
  await form.getByRole('button').last().click();
  await expect(page).toHaveURL(/\/vendor-dashboard$/);
  await expect(page.getByTestId('vendor-welcome')).toContainText(`Invited ${sfx}`);
});
