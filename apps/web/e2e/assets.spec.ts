import zlib from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, seeded, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';
import { PHONE, sidewaysOverflow } from './product-helpers';

test.use({ viewport: { width: 1400, height: 1000 } });

/** A solid-colour PNG, built here so the spec needs no fixture files. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer with File objects. */
async function dropFiles(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.type, b64: f.bytes.toString('base64') })),
  );
  const zone = page.getByTestId('asset-dropzone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Serious or critical axe findings, once toasts have finished animating (mid-fade text fails contrast). */
const serious = async (page: Page) => {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('a marketer drops two images, files one into a new folder, gives it Arabic alt text and finds it by searching in Arabic', async ({
  page,
  sfx,
}) => {
  test.setTimeout(90_000);
  const red = `red-${sfx}.png`;
  const blue = `blue-${sfx}.png`;
  const folder = `e2e-${sfx}`;
  const alt = `شعار أحمر ${sfx}`;
  await signIn(page, seeded('marketing'));
  await page.goto('/assets');
  await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();

  await test.step('drop two images: both upload with progress and show thumbnails', async () => {
    await dropFiles(page, [
      { name: red, type: 'image/png', bytes: png(600, 400, [220, 30, 30]) },
      { name: blue, type: 'image/png', bytes: png(300, 300, [30, 60, 220]) },
    ]);
    const uploads = page.getByTestId('asset-upload-list');
    await expect(uploads.locator('li[data-state="done"]')).toHaveCount(2);
    for (const name of [red, blue]) {
      const thumb = page.getByRole('button', { name: `Open details of ${name}` }).locator('img');
      await expect(thumb).toBeVisible();
      await expect(thumb).toHaveAttribute('src', /\/storage\/v1\/object\/public\/.+\/\.thumbnails\/.+\.webp$/);
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  });

  await test.step('create a folder', async () => {
    await page.getByTestId('asset-new-folder').click();
    const dialog = page.getByRole('dialog', { name: 'Create a folder' });
    await dialog.getByLabel('Folder path').fill(folder);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Current folder' }).getByText(folder)).toBeVisible();
    await expect(page.getByText('No files here yet. Drop files above to upload them.')).toBeVisible();
  });

  await test.step('move the red image there and give it Arabic alt text', async () => {
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'All files' }).click();
    await page.getByRole('button', { name: `Open details of ${red}` }).click();
    const dialog = page.getByRole('dialog', { name: red });
    await dialog.getByLabel('Folder').selectOption(folder);
    const arabic = dialog.getByLabel('Alt text (Arabic)');
    await expect(arabic).toHaveAttribute('dir', 'rtl');
    await arabic.fill(alt);
    await dialog.getByLabel('Tags').fill('logo');
    await dialog.getByLabel('Tags').press('Enter');
    expect(await serious(page)).toEqual([]);
    const saved = page.waitForResponse((r) => /\/api\/v1\/assets\/[0-9a-f-]+$/.test(r.url()) && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const res = await saved;
    expect(res.status(), await res.text()).toBe(200);
    expect((await res.json()).folder).toBe(folder);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('button', { name: new RegExp(folder) })
      .click();
    await expect(page.getByRole('button', { name: `Open details of ${red}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open details of ${blue}` })).toHaveCount(0);
  });

  await test.step('a search in Arabic finds it', async () => {
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'All files' }).click();
    // Live: no Enter needed, and the search is kept in the address.
    await page.getByTestId('asset-search').fill(alt);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('button', { name: `Open details of ${red}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open details of ${blue}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByTestId('asset-table').getByText(folder)).toBeVisible();
    expect(await serious(page)).toEqual([]);
  });
});

test('the library reads right to left in Arabic, with no serious accessibility findings', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await page.evaluate(() => localStorage.setItem('pim-language', 'ar'));
  await page.goto('/assets');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الأصول', level: 1 })).toBeVisible();
  await expect(page.getByTestId('asset-dropzone')).toContainText('أفلت الملفات هنا');
  // The folder list sits at the start (right) of the page in RTL.
  const tree = await page.getByRole('navigation', { name: 'المجلدات' }).boundingBox();
  const zone = await page.getByTestId('asset-dropzone').boundingBox();
  expect(tree!.x).toBeGreaterThan(zone!.x);
  await page.screenshot({ path: 'test-results/assets-ar.png' });
  expect(await serious(page)).toEqual([]);
});

test('the library fits a 360 px phone without scrolling sideways', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await page.setViewportSize(PHONE);
  await page.goto('/assets');
  await expect(page.getByTestId('asset-dropzone')).toBeVisible();
  await expect(page.getByTestId('asset-search')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
