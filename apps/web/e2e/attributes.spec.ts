import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

test.use({ viewport: { width: 1400, height: 1000 } });

test('a super admin adds a choice attribute with ordered options, puts it in a family as required, and cannot delete it while used', async ({
  page,
  sfx,
}) => {
  test.setTimeout(60_000);
  const code = `colour_${sfx}`;
  const family = `shirts_${sfx}`;
  const name = `Colour ${sfx}`;
  await signIn(page, SUPER_ADMIN);
  await page.goto('/master-data?tab=attributes');

  await test.step('add the attribute; the form follows the type', async () => {
    await page.getByRole('button', { name: 'Add attribute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an attribute' });
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByLabel('Name (English)').fill(name);
    await dialog.getByLabel('Name (Arabic)').fill('اللون');
    await expect(dialog.getByLabel('Pattern (regular expression)')).toBeVisible();
    await dialog.getByLabel('Type').selectOption('multi_select');
    await expect(dialog.getByLabel('Pattern (regular expression)')).toHaveCount(0);
    await dialog.getByLabel('Code of option 1').fill('red');
    await dialog.getByLabel('English label of option 1').fill('Red');
    await dialog.getByLabel('Arabic label of option 1').fill('أحمر');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Code of option 2').fill('blue');
    await dialog.getByLabel('English label of option 2').fill('Blue');
    await dialog.getByLabel('Arabic label of option 2').fill('أزرق');
    await dialog.getByRole('button', { name: 'Move up' }).nth(1).click();
    await expect(dialog.getByLabel('Code of option 1')).toHaveValue('blue');
    await dialog.getByLabel('Fewest choices').fill('5');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('There are fewer options than the fewest choices.')).toBeVisible();
    await dialog.getByLabel('Fewest choices').fill('1');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/attributes') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const body = await (await created).json();
    expect(body.options.map((o: { code: string }) => o.code)).toEqual(['blue', 'red']);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId(`attribute-row-${code}`)).toContainText('Multiple choice');
  });

  await test.step('a family makes it required; the attribute then cannot be deleted', async () => {
    await page.getByRole('tab', { name: 'Attribute families' }).click();
    await page.getByRole('button', { name: 'Add family' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an attribute family' });
    await dialog.getByLabel('Code', { exact: true }).fill(family);
    await dialog.getByLabel('Name (English)').fill('Shirts');
    await dialog.getByLabel('Name (Arabic)').fill('قمصان');
    await dialog.getByLabel(`Include ${name}`).check();
    await dialog.getByRole('switch', { name: `${name} is required` }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId(`family-row-${family}`)).toContainText(name);
    await page.getByRole('tab', { name: 'Attributes', exact: true }).click();
    await expect(page.getByTestId(`attribute-row-${code}`)).toContainText('In families: 1 · required in: 1');
    await page.getByRole('button', { name: `Delete ${code}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('This attribute is used by attribute families (1)')).toBeVisible();
  });
});
