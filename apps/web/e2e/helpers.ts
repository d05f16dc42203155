import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Account } from './fixtures';

/** Opens the sign-in page in a language, as a returning user's stored choice would. */
export async function openInLanguage(page: Page, code: string): Promise<void> {
  await page.goto('/auth');
  await page.evaluate((c) => localStorage.setItem('pim-language', c), code);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

/**
 * Signs in through the sign-in page and waits to leave it. With a language, the page is first switched to it
 * (as a returning user's stored choice would) and the form is found by its roles rather than its English labels.
 */
export async function signIn(page: Page, account: Account, options: { from?: string; language?: string } = {}): Promise<void> {
  if (options.language) {
    await openInLanguage(page, options.language);
    await page.getByRole('textbox').first().fill(account.email);
    await page.locator('input[type=password]').fill(account.password);
    await page.locator('form button[type=submit]').click();
  } else {
    if (!page.url().includes('/auth')) await page.goto(options.from ?? '/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await expect(page).not.toHaveURL(/\/auth/);
}

/** Ends the page's session without the shell (public pages have none), leaving it on the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('market-auth'));
  await page.goto('/auth');
}

/** The labels of the sidebar links, in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  // Items depend on the permissions the server reports; wait until they have arrived.
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-ready', 'true');
  const nav = page.getByTestId('sidebar').getByRole('navigation');
  return nav.getByRole('link').allInnerTexts();
}

/** The WCAG A and AA rules of 2.0, 2.1 and 2.2 (axe-core's tags), the level the app is held to. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/**
 * The rules axe-core (4.13) marks experimental, which a tag alone leaves out, that test WCAG A or AA criteria:
 * 2.5.3 Label in Name among them (a button showing "SA" named "User menu").
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

/**
 * Every violation of those rules on the page, whatever its impact, one line per element:
 * "rule (impact): selector <html…>" and, for contrast, the colours and ratio axe measured.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }]));
  const results = await new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: WCAG_AA_TAGS }, rules }).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.contrastRatio ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1` : '';
      return `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.html.slice(0, 120)}${colours}`;
    }),
  );
}
