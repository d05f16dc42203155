import { expect, seeded, SUPER_ADMIN, test } from './fixtures';
import { linkIn, newestMail } from './application-helpers';
import { signIn, signOut } from './helpers';

test('the e-mail test page asks for sign-in, refuses without the settings permission, and sends for a super admin', async ({
  page,
  sfx,
}) => {
  await page.goto('/email-test');
  await expect(page.getByText('Sign in to send a test e-mail')).toBeVisible();
  await expect(page.getByTestId('email-test-back')).toHaveCount(0);

  await signIn(page, seeded('marketing'));
  await page.goto('/email-test');
  await expect(page.getByText(/settings permission/)).toBeVisible();
  // The public page has no shell; drop the session and sign in as someone else.
  await signOut(page);

  await signIn(page, SUPER_ADMIN);
  await page.goto('/email-test');
  await page.getByLabel('To').fill('not-an-address');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('must be an e-mail address')).toBeVisible();
  await page.getByLabel('To').fill(`someone-${sfx}@example.test`);
  await page.getByLabel('Subject').fill('Hello from the market');
  await page.getByLabel('Message').fill('Stall A4 is ready.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // No SMTP server is configured for the e2e server, so the outbox keeps the message.
  await expect(page.getByTestId('email-status')).toContainText('Kept (no SMTP configured)');
  // The page is outside the shell, so it links back into the app.
  await page.getByTestId('email-test-back').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a super admin reads a kept e-mail in the outbox, with the sender’s links defanged and nothing clickable', async ({ page, sfx }) => {
  // The outbox holds other people's private links: only a super admin sees it.
  await signIn(page, seeded('vendor_manager'));
  await page.goto('/email-test');
  await expect(page.getByText(/settings permission/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toHaveCount(0);
  await signOut(page);

  await signIn(page, SUPER_ADMIN);
  await page.goto('/email-test');
  const outbox = page.getByTestId('email-outbox');
  await expect(outbox.getByRole('heading', { name: 'Outbox' })).toBeVisible();

  const to = `outbox-${sfx}@example.test`;
  await page.getByLabel('To').fill(to);
  await page.getByLabel('Subject').fill('Your stall link');
  await page
    .getByLabel('Message')
    .fill('Open https://example.test/stall?id=4#tok (today).\nNot a link: javascript:alert(1)\n<b>not bold</b>');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('email-status')).toContainText('Kept (no SMTP configured)');

  const row = outbox.getByRole('listitem').filter({ hasText: to });
  await expect(row).toContainText('Your stall link');
  await expect(row).toContainText('Kept (no SMTP configured)');
  await expect(row).toContainText('test:plain');

  await outbox.getByLabel('Recipient').fill(to.toUpperCase());
  await outbox.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(outbox.getByRole('listitem')).toHaveCount(1);
  await outbox.getByLabel('Template key').fill('no-such-template');
  await outbox.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(outbox.getByText('No e-mails match these filters.')).toBeVisible();
  await outbox.getByLabel('Template key').fill('test:plain');
  await outbox.getByRole('button', { name: 'Filter', exact: true }).click();

  await outbox.getByRole('listitem').filter({ hasText: to }).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Your stall link' })).toBeVisible();
  await expect(dialog.getByTestId('email-outbox-message-status')).toHaveText('Kept (no SMTP configured)');
  await expect(dialog).toContainText(to);
  const body = dialog.getByTestId('email-outbox-body');
  await expect(body).toContainText('<b>not bold</b>');
  await expect(body.locator('b')).toHaveCount(0);
  // A sender's text never becomes a link in e-mail (issue 12): the URL arrives defanged, readable, not clickable.
  await expect(body).toContainText('https[:]//example[.]test/stall?id=4#tok');
  await expect(body.getByRole('link')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);

  await outbox.getByRole('button', { name: 'Clear' }).click();
  await expect(outbox.getByRole('listitem').first()).toBeVisible();
});

test('an e-mailed sign-in link opens a page that signs nobody in until its button is pressed (issue 14, item 9)', async ({
  page,
  browser,
  request,
}) => {
  const account = seeded('marketing');
  // Ask for the link from the sign-in page, as a person would.
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with an e-mailed code' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a code to ${account.email}`)).toBeVisible();
  const mail = await newestMail(request, account.email, 'magic_link');
  const link = linkIn(mail.textBody, '/auth?mode=confirm');
  expect(new URL(link).searchParams.get('lang')).toBe('en');

  // A mail scanner fetches it, and a person opens it: neither is signed in, and the link stays usable.
  expect((await request.get(link)).status()).toBe(200);
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  const confirm = reader.getByTestId('confirm-link');
  await expect(confirm).toHaveAttribute('data-type', 'magiclink');
  await expect(confirm).toContainText(`Sign in as ${account.email}.`);
  // The token left the address bar; nothing was stored.
  await expect(reader).toHaveURL(/\/auth\?mode=confirm&lang=en$/);
  expect(await reader.evaluate(() => localStorage.getItem('market-auth'))).toBeNull();
  await reader.goto('/dashboard');
  await expect(reader).toHaveURL(/\/auth/);

  // Opened again (the first visit spent nothing), then the button signs in.
  await reader.goto(link);
  await reader.getByTestId('confirm-link').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(reader).not.toHaveURL(/\/auth/);
  expect(await reader.evaluate(() => localStorage.getItem('market-auth'))).not.toBeNull();

  // Used once, the same link is refused with words, not a silent failure.
  await reader.evaluate(() => localStorage.removeItem('market-auth'));
  await reader.goto(link);
  await reader.getByTestId('confirm-link').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(reader.getByText('This link has expired or was already used. Ask for a new one.')).toBeVisible();
  await context.close();
});
