import type { APIRequestContext, Page } from '@playwright/test';
import { linkIn, newestMail, submitApplication } from './application-helpers';
import { expect, SUPER_ADMIN, test, type Api } from './fixtures';
import { signIn } from './helpers';
import { createMarket } from './market-helpers';
import { createProductWithVariants, createSizedFamily } from './product-helpers';

// A small phone: every built page must fit its width (issue 14: nothing scrolls sideways at 360 px).
test.use({ viewport: { width: 360, height: 740 } });

const MASTER_DATA_TABS = [
  'languages',
  'translations',
  'category-tree',
  'brands',
  'units',
  'tax-classes',
  'currencies',
  'attributes',
  'attribute-families',
];

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The elements that stick out of the viewport without a scrolling (or clipping) box around them, with their widths. */
  culprits: string[];
}

/**
 * How wide the document is against the viewport, and what sticks out: the outermost and the innermost elements
 * beyond either edge that no scroll container holds (fixed layers and 1 px screen-reader text aside).
 */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const held = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const sticksOut = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && (r.right > vw + 1 || r.left < -1) && getComputedStyle(el).position !== 'fixed' && !held(el);
    };
    const name = (el: Element): string => {
      const r = el.getBoundingClientRect();
      const testId = el.getAttribute('data-testid');
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4).join('.') : '';
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${classes ? `.${classes}` : ''} (${Math.round(r.left)}..${Math.round(r.right)}, ${Math.round(r.width)} px)`;
    };
    const out = [...document.body.querySelectorAll('*')].filter(sticksOut);
    const outer = out.filter((el) => !el.parentElement || !out.includes(el.parentElement));
    const inner = out.filter((el) => ![...el.children].some((c) => out.includes(c)));
    const culprits = [...new Set([...outer.map((el) => `outer ${name(el)}`), ...inner.map((el) => `inner ${name(el)}`)])].slice(0, 10);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, culprits };
  });
}

/** Opens a page, waits for its heading and its data, and checks (softly, so every page is reported) that it fits. */
async function fits(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first(), `${path} shows its heading`).toBeVisible({ timeout: 15_000 });
  // The data's requests settle (bounded: a public form keeps a connection open, so the network may never be idle).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('.animate-pulse'), `${path} has loaded`).toHaveCount(0, { timeout: 15_000 });
  // PHONE_SHOTS=<folder> keeps a picture of every page, to look at what a phone shows.
  if (process.env.PHONE_SHOTS) {
    const name = `${await page.evaluate(() => document.documentElement.lang)}${path.split('#')[0]!.replace(/[^a-z0-9]+/gi, '_')}`;
    await page.screenshot({ path: `${process.env.PHONE_SHOTS}/${name.slice(0, 80)}.png`, fullPage: true });
  }
  const m = await measure(page);
  expect
    .soft(m.scrollWidth, `${path} scrolls sideways (${m.scrollWidth} > ${m.innerWidth}): ${m.culprits.join('; ')}`)
    .toBeLessThanOrEqual(m.innerWidth);
}

interface Records {
  productId: string;
  locationId: string;
  slotCode: string;
  applicationPath: string;
  statusLink: string;
}

/** Something on every list: a product with variants, a market with a slot, an application waiting and a vendor approved. */
async function createRecords(request: APIRequestContext, admin: Api, sfx: string): Promise<Records> {
  const sized = await createSizedFamily(admin, sfx);
  const product = await createProductWithVariants(admin, sized, `PHONE-${sfx}`, ['s', 'm', 'l']);
  const market = await createMarket(admin, sfx);
  await admin.post('/market-slots', {
    locationId: market.location.id,
    code: `A1${sfx}`,
    zone: 'North',
    categoryId: market.category.id,
    power: 'single_phase',
    hasWater: true,
  });
  const waiting = `waiting-${sfx}@example.test`;
  const approved = `approved-${sfx}@example.test`;
  await Promise.all([
    submitApplication(request, market, { email: waiting, businessName: `Phone Stall With A Long Business Name ${sfx}` }),
    submitApplication(request, market, { email: approved, businessName: `Approved Stall ${sfx}` }),
  ]);
  const find = async (email: string) =>
    (await admin.get<{ items: { id: string }[] }>(`/vendor-applications?stream=market_vendor&q=${encodeURIComponent(email)}`)).items[0]!.id;
  await admin.post(`/vendor-applications/${await find(approved)}/approve`, {});
  const received = await newestMail(request, waiting, 'application.received');
  return {
    productId: product.id,
    locationId: market.location.id,
    slotCode: `A1${sfx}`,
    applicationPath: `/market-vendor-management/applications/${await find(waiting)}`,
    statusLink: linkIn(received.textBody, '/application-status'),
  };
}

for (const language of ['en', 'ar']) {
  test(`at 360 px no built page scrolls sideways (${language})`, async ({ page, request, admin, sfx }) => {
    test.setTimeout(300_000);
    const records = await createRecords(request, admin, sfx);
    await signIn(page, SUPER_ADMIN, language === 'en' ? {} : { language });
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    const staffPages = [
      '/dashboard',
      '/products',
      `/products/${records.productId}`,
      '/product-variants',
      '/assets',
      ...MASTER_DATA_TABS.map((tab) => `/master-data?tab=${tab}`),
      `/market-locations?location=${records.locationId}`,
      '/market-locations',
      '/market-categories',
      `/market-slots?location=${records.locationId}`,
      '/market-events',
      '/market-events?view=board',
      '/market-events?view=check-in',
      '/market-events?view=payments',
      '/market-events?view=fees',
      '/market-vendor-management?tab=applications',
      '/market-vendor-management?tab=vendors',
      '/junior-vendor-management',
      '/workshop-applications',
      '/workshop-applications?tab=workshops',
      records.applicationPath,
      '/email-test',
    ];
    // The check itself sees a page that is too wide, and names what sticks out.
    await page.goto('/dashboard');
    await expect(page.locator('h1').first()).toBeVisible();
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.setAttribute('data-testid', 'too-wide');
      wide.style.width = '500px';
      wide.style.height = '1rem';
      document.querySelector('main')!.append(wide);
    });
    const wide = await measure(page);
    expect(wide.scrollWidth).toBeGreaterThan(wide.innerWidth);
    expect(wide.culprits.join('; ')).toContain('[data-testid=too-wide]');

    for (const path of staffPages) await fits(page, path);

    // Lists are cards on a phone: the slot shows its code, zone and status control, with its actions menu.
    await page.goto(`/market-slots?location=${records.locationId}`);
    const slot = page.getByRole('listitem').filter({ hasText: records.slotCode });
    await expect(slot).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(slot.locator('dd').filter({ hasText: 'North' })).toBeVisible();
    await expect(slot.getByRole('combobox')).toBeVisible();
    await expect(slot.getByRole('button', { name: records.slotCode, exact: true })).toBeVisible();
    await slot.getByRole('button', { name: language === 'en' ? `Actions for ${records.slotCode}` : `إجراءات ${records.slotCode}` }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');

    // A translation is a card too, its texts still edited in place.
    await page.goto('/master-data?tab=translations');
    const key = page.getByTestId('translation-row').first();
    await expect(key).toHaveJSProperty('tagName', 'LI');
    await key.getByRole('button').first().click();
    await expect(key.getByRole('textbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(key.getByRole('textbox')).toHaveCount(0);

    // The public pages, as an applicant sees them.
    for (const path of ['/market-vendor-application', '/junior-vendor-application', '/workshop-application', records.statusLink]) {
      await fits(page, path);
    }
  });
}
