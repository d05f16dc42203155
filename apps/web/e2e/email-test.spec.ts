import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the e-mail test page asks for sign-in, refuses without the settings permission, and sends for a super admin', async ({ page }) => {
  await page.goto('/email-test');
  await expect(page.getByText('Sign in to send a test e-mail')).toBeVisible();

  await signIn(page, 'marketing@demo.market');
  await page.goto('/email-test');
  await expect(page.getByText(/settings permission/)).toBeVisible();
  // The public page has no shell; drop the session and sign in as someone else.
  await page.evaluate(() => localStorage.removeItem('market-auth'));
  await page.goto('/auth');

  await signIn(page, 'super-admin@demo.market');
  await page.goto('/email-test');
  await page.getByLabel('To').fill('not-an-address');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('must be an e-mail address')).toBeVisible();
  await page.getByLabel('To').fill('someone@example.test');
  await page.getByLabel('Subject').fill('Hello from the market');
  await page.getByLabel('Message').fill('Stall A4 is ready.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // No SMTP server is configured for the e2e server, so the outbox keeps the message.
  await expect(page.getByTestId('email-status')).toContainText('Kept (no SMTP configured)');
});
