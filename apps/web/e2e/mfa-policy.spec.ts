import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, type Api } from './fixtures';
import { sidebarLabels } from './helpers';

// The security policy's two-step sign-in for a staff role (decision 025): the banner, the set-up through the
// authenticator dialog, and the permissions it holds back until then. It changes the shared organization's policy for
// one role (inventory, which no other spec of this project signs in as), so it runs in the `matrix` project.

/** The current code of an authenticator app holding this base32 secret (RFC 6238: SHA-1, 30 s, 6 digits). */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function setPolicy(admin: Api, mfaRequiredRoles: string[]) {
  const current = await admin.get<{ security: Record<string, unknown>; updatedAt: string | null }>('/settings');
  await admin.put('/settings/security', { ...current.security, mfaRequiredRoles, expectedUpdatedAt: current.updatedAt });
}

async function signInWithProvider(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Market ID' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).not.toHaveURL(/\/auth|127\.0\.0\.1/);
}

test('a role the policy covers sees the banner and only the dashboard until it sets up two-step sign-in', async ({ page, admin, sfx }) => {
  const email = `mfa-policy-${sfx}@example.test`;
  await admin.post('/users/invitations', { email, role: 'product_team', fullName: 'Policy Person' });
  await setPolicy(admin, ['inventory']);
  try {
    await signInWithProvider(page, email);
    const banner = page.getByRole('alert').filter({ hasText: 'requires two-step sign-in' });
    await expect(banner).toBeVisible();
    await expect.poll(() => sidebarLabels(page)).toEqual(['Dashboard']);

    await banner.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
    await expect(dialog.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    const secret = (await dialog.locator('p.font-mono').innerText()).trim();
    await dialog.getByLabel('Code from the app').fill(totp(secret));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(dialog).toBeHidden();

    // The session now has its second step: the banner goes and the role's permissions come back.
    await expect(banner).toBeHidden();
    await expect.poll(() => sidebarLabels(page)).toContain('Import');
  } finally {
    await setPolicy(admin, []);
  }
});
