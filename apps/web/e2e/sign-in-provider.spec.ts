import { expect, test } from './fixtures';
import { sidebarLabels } from './helpers';

// The operator's OpenID Connect provider (decision 027): e2e/oidc-issuer.mjs plays it, playwright.config.ts configures
// the server with it as "Market ID".

test('an invited person signs in with the provider and lands in the shell with their role', async ({ page, admin, sfx }) => {
  const email = `provider-${sfx}@example.test`;
  await admin.post('/users/invitations', { email, role: 'marketing', fullName: 'Provider Person' });

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Market ID' }).click();
  await expect(page.getByRole('heading', { name: 'Market ID' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Approve' }).click();

  // The provider vouched for the invited address: the invitation is accepted and the session is this person's.
  await expect(page).not.toHaveURL(/\/auth|127\.0\.0\.1/);
  await expect.poll(() => sidebarLabels(page)).toContain('Products');
  expect(await sidebarLabels(page)).not.toContain('Users');
});

test('a refusal at the provider is explained on the sign-in page', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Market ID' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('alert')).toHaveText('Signing in with your provider did not work: The person declined to sign in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
