import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

// Outgoing webhooks: an endpoint made on /integrations pointing at a receiver this test starts (the e2e server
// allows private networks, playwright.config.ts), a test event sent from its row, received signed, and read as
// delivered in the endpoint's log with its attempt.

/** Standard Webhooks verification as the specification describes it (key: the base64 after whsec_). */
function verifies(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((v) => {
      const [version, sig] = v.split(',');
      const given = Buffer.from(sig ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

test('adds an endpoint, sends a test event to a real receiver and sees it delivered in the log', async ({ page, sfx }) => {
  test.setTimeout(90_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${sfx}`;
  try {
    await signIn(page, SUPER_ADMIN);
    await page.goto('/integrations?tab=webhooks');
    const section = page.getByTestId('webhooks-section');
    await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByTestId('webhook-form');
    // Sent empty: the address and the events say what is missing.
    await page.getByRole('dialog').getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('Enter the endpoint address.')).toBeVisible();
    await expect(form.getByText('Choose at least one event.')).toBeVisible();
    await form.getByLabel('Endpoint address').fill(url);
    await form.getByLabel('Description').fill(`Receiver ${sfx}`);
    await form.getByRole('checkbox', { name: /Channel published/ }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Add endpoint' }).click();

    // The secret is shown right after creating.
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog).toBeVisible();
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await secretDialog.getByRole('button', { name: 'Close' }).click();

    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('No deliveries yet');
    await row.getByRole('button', { name: 'Send test event' }).click();

    const log = page.getByRole('dialog', { name: `Delivery log of ${url}` });
    await expect(log).toBeVisible();
    const delivery = log.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText('Test event');
    // The job queue sends it; the log refreshes while it is pending.
    await expect(delivery).toContainText('Delivered', { timeout: 30_000 });
    await expect(delivery).toContainText('204');

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'webhook.test' });
    expect(verifies(secret, got!.headers, got!.body)).toBe(true);
    await expect(delivery).toContainText(String(got!.headers['webhook-id']));

    await delivery.getByRole('button', { name: 'Details' }).click();
    const attempt = log.getByTestId('webhook-attempt');
    await expect(attempt).toHaveCount(1);
    await expect(attempt).toContainText('204');
    await log.getByRole('button', { name: 'Close' }).first().click();

    await expect(row).toContainText('100% of the last 1 delivered');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
