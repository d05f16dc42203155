import AxeBuilder from '@axe-core/playwright';
import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

test.use({ viewport: { width: 1400, height: 1000 } });

test('a super admin builds a small category tree, moves it with buttons, and adds a currency pair', async ({ page, sfx: s }) => {
  test.setTimeout(60_000);
  await signIn(page, SUPER_ADMIN);
  await page.goto('/master-data?tab=category-tree');
  const tree = page.getByTestId('category-tree');

  const addCategory = async (code: string, opener: () => Promise<void>) => {
    await opener();
    const form = page.getByTestId('categories-form');
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Name (English)').fill(code);
    await form.getByLabel('Name (Arabic)').fill(`فئة ${code}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`"${code}" added.`)).toBeVisible();
  };

  await test.step('add a parent and two children', async () => {
    await addCategory(`food-${s}`, () => page.getByTestId('categories-add').click());
    const parent = tree.getByTestId(`category-food-${s}`);
    await addCategory(`fruit-${s}`, () => parent.getByRole('button', { name: 'Add sub-category' }).click());
    await addCategory(`veg-${s}`, () => parent.getByRole('button', { name: 'Add sub-category' }).click());
    await expect(tree.getByTestId(`category-veg-${s}`)).toHaveAttribute('aria-level', '2');
  });

  await test.step('reorder and re-parent with the keyboard buttons', async () => {
    const veg = tree.getByTestId(`category-veg-${s}`);
    await veg.getByRole('button', { name: 'Move up' }).click();
    await expect(tree.getByRole('treeitem').filter({ hasText: s }).first()).toContainText(`food-${s}`);
    await expect(tree.getByRole('treeitem').filter({ hasText: s }).nth(1)).toContainText(`veg-${s}`);
    await veg.getByRole('button', { name: 'Move out to the parent level' }).click();
    await expect(tree.getByTestId(`category-veg-${s}`)).toHaveAttribute('aria-level', '1');
  });

  await test.step('drag a category into another', async () => {
    await tree.getByTestId(`category-fruit-${s}`).dragTo(tree.getByTestId(`category-veg-${s}`));
    await expect(tree.getByTestId(`category-fruit-${s}`)).toHaveAttribute('aria-level', '2');
    await expect(tree.getByTestId(`category-veg-${s}`)).toHaveAttribute('aria-expanded', 'true');
    await tree
      .getByTestId(`category-veg-${s}`)
      .getByRole('button', { name: `Delete veg-${s}` })
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('This category has sub-categories')).toBeVisible();
  });

  await test.step('the filled tree has no serious or critical accessibility violations', async () => {
    await page.keyboard.press('Escape');
    const violations = (await new AxeBuilder({ page }).include('[data-testid="category-tree"]').analyze()).violations;
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  await test.step('currencies: base plus a rate', async () => {
    await page.getByRole('tab', { name: 'Currencies' }).click();
    const code = `X${s
      .replace(/[^a-z]/g, 'q')
      .slice(0, 2)
      .toUpperCase()}`;
    await page.getByTestId('currencies-add').click();
    const form = page.getByTestId('currencies-form');
    // The demo has a base (USD): a new currency is not offered as the base, and adding it leaves USD the base.
    await expect(form.getByRole('checkbox', { name: 'Base currency (other rates are converted to it)' })).not.toBeChecked();
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Name (English)').fill('Test money');
    await form.getByLabel('Name (Arabic)').fill('نقود تجريبية');
    await form.getByLabel('Symbol').fill('¤');
    await form.getByLabel('Exchange rate').fill('3.6725');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId(`currencies-row-${code}`)).toBeVisible();
    await expect(page.getByTestId('currencies-row-USD')).toContainText('Base');
  });
});
