import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Market-2026';

/** Signs in through the sign-in page and waits to leave it. */
export async function signIn(page: Page, email: string, from = '/auth'): Promise<void> {
  if (!page.url().includes('/auth')) await page.goto(from);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** The labels of the sidebar links, in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  // Items depend on the permissions the server reports; wait until they have arrived.
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-ready', 'true');
  const nav = page.getByTestId('sidebar').getByRole('navigation');
  return nav.getByRole('link').allInnerTexts();
}
