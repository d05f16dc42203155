import type { Page } from '@playwright/test';
import { expect, seeded, test } from './fixtures';
import { signIn, wcagViolations } from './helpers';

// The API reference (/api-docs): Scalar inside the shell, over the OpenAPI document the server generates. The
// reference is large (hundreds of operations), so its first paint gets more time than a form's.
const REFERENCE = { timeout: 45_000 };
const LIST_PRODUCTS = '#tag/products/GET/api/v1/products';

/** Opens the reference at "list products" and waits for that operation. */
async function openListProducts(page: Page) {
  await page.goto(`/api-docs${LIST_PRODUCTS}`);
  const operation = page.getByRole('region', { name: /A page of products/ });
  await expect(operation).toBeVisible(REFERENCE);
  return operation;
}

test('a staff user reads an operation with its permission and tries it with the session', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!/^(data|blob):/.test(r.url()) && new URL(r.url()).origin !== new URL(baseURL!).origin) outside.push(r.url());
  });
  await signIn(page, seeded('marketing'));
  const operation = await openListProducts(page);
  await expect(page.getByRole('heading', { name: 'API Documentation', level: 1 })).toBeVisible();
  await expect(operation.getByText('Needs permission products; API keys need products:read.')).toBeVisible();

  // Try-it: the request goes out with the signed-in session (the page hands Scalar the current access token).
  await operation.getByRole('button', { name: 'Test Request' }).click();
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/products' && r.request().method() === 'GET');
  await page
    .getByRole('dialog', { name: 'API Client' })
    .getByRole('button', { name: /^Send get request to / })
    .click();
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.request().headers().authorization).toMatch(/^Bearer ey/);
  await expect(page.getByText('200 OK')).toBeVisible();
  // Nothing came from another origin: no fonts, scripts, proxy or telemetry from Scalar's servers.
  expect(outside).toEqual([]);
});

test('try-it sends an API key the user pastes instead of the session', async ({ page, admin, sfx }) => {
  test.setTimeout(120_000);
  const { secret } = await admin.post<{ secret: string }>('/api-keys', {
    name: `Docs ${sfx}`,
    scopes: [{ permission: 'products', access: 'read' }],
  });
  await signIn(page, seeded('marketing'));
  const operation = await openListProducts(page);
  await page.getByRole('radio', { name: 'An API key' }).check();
  await page.getByLabel('API key', { exact: true }).fill('not-a-key');
  await page.getByRole('button', { name: 'Use this key' }).click();
  await expect(page.getByText('An API key starts with mbo_live_.')).toBeVisible();
  await page.getByLabel('API key', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Use this key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Requests are sent with the key mbo_live_' })).toBeVisible();

  await operation.getByRole('button', { name: 'Test Request' }).click();
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/products' && r.request().method() === 'GET');
  await page
    .getByRole('dialog', { name: 'API Client' })
    .getByRole('button', { name: /^Send get request to / })
    .click();
  const response = await sent;
  expect(response.request().headers().authorization).toBe(`Bearer ${secret}`);
  expect(response.status()).toBe(200);
});

test('shows an error with a retry when the document cannot be loaded', async ({ page }) => {
  await signIn(page, seeded('marketing'));
  let fail = true;
  await page.route('**/api/v1/openapi.json', (route) => (fail ? route.fulfill({ status: 503, body: '{}' }) : route.fallback()));
  await page.goto('/api-docs');
  const alert = page.getByRole('alert');
  await expect(alert.getByText('The API description could not be loaded.')).toBeVisible({ timeout: 15_000 });
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'API reference' })).toBeVisible(REFERENCE);
});

for (const language of ['en', 'ar'] as const) {
  test(`has no WCAG AA violations in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, seeded('marketing'), language === 'ar' ? { language } : {});
    await openListProducts(page);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    // The reference itself stays left to right (its text is the English OpenAPI document) inside the shell.
    await expect(page.locator('.scalar-api-reference')).toHaveAttribute('dir', 'ltr');
    expect(await wcagViolations(page)).toEqual([]);
  });
}
