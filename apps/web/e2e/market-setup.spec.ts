import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';
import { dragSlot, isoDate, outerDates, slotPosition, weeklyDates, type SlotBox } from './market-helpers';

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;
const inEnglish = (d: string, o: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en', { ...o, timeZone: 'UTC' }).format(Date.parse(`${d}T00:00:00Z`));
/** "Dec 2, 2025", as the English list writes a date. */
const listDate = (d: string) => inEnglish(d, { dateStyle: 'medium' });
/** "Tuesday, December 2, 2025", as the English calendar names a date. */
const calendarDate = (d: string) => inEnglish(d, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

// A tall window keeps the whole plan on screen while slots are dragged.
test.use({ viewport: { width: 1400, height: 1000 } });

test('a super admin sets up a market from nothing and an anonymous visitor sees it on /map in Arabic', async ({
  page,
  browser,
  baseURL,
  admin,
  sfx: suffix,
}) => {
  test.setTimeout(90_000);
  const nameEn = `Harbour Market ${suffix}`;
  const nameAr = `سوق الميناء ${suffix}`;

  await signIn(page, SUPER_ADMIN);

  // 1. A public location, its point picked on the map (tiles may not load; the click still sets the point).
  let locationId = '';
  await test.step('create a public location on the map', async () => {
    await page.goto('/market-locations');
    await page.getByRole('button', { name: 'Add location' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New location' });
    await dialog.getByLabel('Name (English)').fill(nameEn);
    await dialog.getByLabel('Name (Arabic)').fill(nameAr);
    await dialog.getByLabel('Address').fill('1 Harbour Road');
    await expect(dialog.getByLabel('Latitude')).toHaveValue('');
    await dialog.getByRole('region', { name: 'Point on the map' }).getByTestId('geo-map').click();
    await expect(dialog.getByLabel('Latitude')).not.toHaveValue('');
    await expect(dialog.getByLabel('Longitude')).not.toHaveValue('');
    const lat = Number(await dialog.getByLabel('Latitude').inputValue());
    const lng = Number(await dialog.getByLabel('Longitude').inputValue());
    expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    await dialog.getByLabel('Show on the public map').check();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/market-locations') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { id: string; isPublic: boolean; latitude: number; longitude: number };
    expect(body).toMatchObject({ isPublic: true, latitude: lat, longitude: lng });
    locationId = body.id;
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`location=${locationId}`));
    await expect(page.getByRole('heading', { level: 1, name: nameEn })).toBeVisible();
  });

  // 2. Twenty slots A1-A20 in one step (the generator's defaults: a row of 3 m slots from the top-left corner).
  await test.step('generate slots A1-A20', async () => {
    await page.goto(`/market-slots?location=${locationId}`);
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue(locationId);
    await page.getByRole('button', { name: 'Generate slots' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Generate a row of slots' });
    await dialog.getByLabel('Prefix').fill('A');
    await dialog.getByLabel('From', { exact: true }).fill('1');
    await dialog.getByLabel('To', { exact: true }).fill('20');
    await expect(dialog.getByText('Creates A1 to A20 (slots: 20).')).toBeVisible();
    const generated = page.waitForResponse((r) => r.url().includes('/api/v1/market-slots') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create slots (20)' }).click();
    expect((await generated).ok()).toBe(true);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Slots: 20')).toBeVisible();
  });

  // 3. Three slots arranged on the plan: one with the keyboard, two dragged with the mouse; saved, and kept after a reload.
  const moved: Record<string, SlotBox> = {};
  await test.step('arrange three slots on the plan and save the layout', async () => {
    await page.getByRole('tab', { name: 'Plan' }).click();
    const editor = page.getByRole('group', { name: /^Slot plan editor/ });
    const slot = (code: string) => editor.getByRole('button', { name: new RegExp(`^Slot ${code},`) });
    await expect(editor.getByRole('button', { name: /^Slot A\d+,/ })).toHaveCount(20);
    const before = { A1: await slotPosition(slot('A1')), A2: await slotPosition(slot('A2')), A3: await slotPosition(slot('A3')) };

    // Keyboard: each arrow press moves the focused slot by 0.5 m.
    await slot('A1').focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(slot('A1')).toHaveAccessibleName(/at 2, 5 m/);

    await dragSlot(page, slot('A2'), 3, 4, 10);
    await dragSlot(page, slot('A3'), 3, 12, 20);
    await expect(page.getByRole('status').filter({ hasText: 'Slots with unsaved changes: 3' })).toBeVisible();

    for (const code of ['A1', 'A2', 'A3'] as const) {
      moved[code] = await slotPosition(slot(code));
      expect(moved[code], `${code} moved`).not.toEqual(before[code]);
    }
    expect(moved.A1).toEqual({ x: 2, y: 5 });
    // A drag lands within a step of where the pointer went (positions snap to 0.5 m).
    expect(moved.A2!.x).toBeCloseTo(before.A2.x + 4, 0);
    expect(moved.A2!.y).toBeCloseTo(before.A2.y + 10, 0);
    expect(moved.A3!.y).toBeGreaterThan(15);

    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/market-slots/positions') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save layout' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('All changes saved')).toBeVisible();

    await page.reload();
    await expect(editor.getByRole('button', { name: /^Slot A\d+,/ })).toHaveCount(20);
    for (const code of ['A1', 'A2', 'A3'] as const) expect(await slotPosition(slot(code)), `${code} after reload`).toEqual(moved[code]);
    // An untouched slot stayed where the generator put it.
    expect(await slotPosition(slot('A4'))).toEqual({ x: 9, y: 0 });
  });

  // 4. A weekly series over the next four weeks, then published as a whole.
  const startDate = isoDate(1);
  const endDate = isoDate(22);
  const weekday = new Date(`${startDate}T00:00:00Z`).getUTCDay();
  const dates = weeklyDates(startDate, endDate);
  await test.step('create a weekly series of market days and publish it', async () => {
    await page.goto('/market-events');
    await expect(page.getByRole('heading', { level: 1, name: 'Market Days' })).toBeVisible();
    await page.getByRole('button', { name: 'New weekly series' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New weekly series' });
    await dialog.getByLabel('Location').selectOption({ label: nameEn });
    await dialog.getByLabel('Weekday').selectOption(String(weekday));
    await dialog.getByLabel('First date').fill(startDate);
    await dialog.getByLabel('Last date').fill(endDate);
    await dialog.getByLabel('Set-up from').fill('07:30');
    await dialog.getByLabel('Opens').fill('09:00');
    await dialog.getByLabel('Closes').fill('13:00');
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/market-day-series') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: `Create market days: ${dates.length}` }).click();
    expect((await created).ok()).toBe(true);
    await expect(dialog).toHaveCount(0);

    await page.getByRole('tab', { name: 'Series' }).click();
    const card = page.getByTestId('market-day-series').getByRole('listitem').filter({ hasText: nameEn });
    await card.getByRole('button', { name: `Publish drafts (${dates.length})` }).click();
    const confirm = page
      .getByRole('alertdialog', { name: 'Publish the whole series?' })
      .or(page.getByRole('dialog', { name: 'Publish the whole series?' }));
    const published = page.waitForResponse(
      (r) => /\/api\/v1\/market-day-series\/[^/]+\/publish$/.test(r.url()) && r.request().method() === 'POST',
    );
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).ok()).toBe(true);
    await expect(page.getByText(`Market days published: ${dates.length}`)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Publish drafts (0)' })).toBeDisabled();
  });

  // 4b. The list reaches beyond one month; the calendar's outer cells show the next month's days; Arabic writes
  // Western digits in both views (decision 013).
  await test.step('the list and the calendar show days beyond this month, with Western digits in Arabic', async () => {
    const laterDate = isoDate(45);
    await admin.post('/market-days', {
      locationId,
      date: laterDate,
      setupTime: '07:30',
      openTime: '09:00',
      closeTime: '13:00',
    });
    await page.goto('/market-events');
    await page.getByLabel('Location', { exact: true }).selectOption({ label: nameEn });
    await page.getByRole('tab', { name: 'List' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: nameEn })).toHaveCount(dates.length + 1);
    await expect(table.getByRole('button', { name: listDate(laterDate) })).toBeVisible();

    // Next month's series days sit in this month's trailing cells (when the month view has any).
    const outer = outerDates(isoDate(0).slice(0, 7)).filter((d) => dates.includes(d));
    await page.getByRole('tab', { name: 'Calendar' }).click();
    const calendar = page.getByTestId('market-days-calendar');
    for (const d of outer) {
      const cell = calendar.locator('td').filter({ has: page.getByRole('button', { name: new RegExp(`^${calendarDate(d)}`) }) });
      await expect(cell.getByRole('button', { name: new RegExp(nameEn) })).toBeVisible();
    }

    await page.evaluate(() => localStorage.setItem('pim-language', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(calendar.getByRole('button').first()).toBeVisible();
    expect(await calendar.innerText()).not.toMatch(ARABIC_INDIC);
    expect(await calendar.innerText()).toMatch(/\d/);
    await page.getByRole('tab', { name: 'القائمة' }).click();
    await expect(table.getByRole('row').filter({ hasText: nameAr }).first()).toBeVisible();
    expect(await table.innerText()).not.toMatch(ARABIC_INDIC);
    expect(await table.innerText()).toMatch(/\d/);
    await page.evaluate(() => localStorage.setItem('pim-language', 'en'));
  });

  // 5. An anonymous visitor, in a fresh context without any session, finds it on the public map in Arabic.
  await test.step('an anonymous visitor sees the market on /map in Arabic', async () => {
    const visitor = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1280, height: 900 } });
    try {
      const map = await visitor.newPage();
      await map.goto('/map');
      await expect(map.getByRole('heading', { level: 1 })).toBeVisible();
      await map.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'العربية' }).click();
      await expect(map.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(map.locator('html')).toHaveAttribute('lang', 'ar');

      const card = map.getByRole('article', { name: nameAr });
      await expect(card).toBeVisible();
      await expect(card.getByRole('heading', { name: 'أيام السوق القادمة' })).toBeVisible();
      const days = card.getByTestId('market-days').locator('time');
      await expect(days).toHaveCount(dates.length);
      expect(await days.evaluateAll((els) => els.map((e) => e.getAttribute('datetime')))).toEqual(dates);

      const toggle = card.getByRole('button', { name: /مخطط الأكشاك/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const plan = card.getByTestId('public-plan');
      await expect(plan).toHaveAccessibleName(`مخطط أكشاك ${nameAr}`);
      await expect(plan.getByRole('img', { name: /^الكشك A\d+،/ })).toHaveCount(20);
      // The public plan shows the arranged positions.
      for (const code of ['A1', 'A2', 'A3'] as const) {
        expect(await slotPosition(plan.locator(`[data-slot-id="${code}"]`)), `${code} on the public plan`).toEqual(moved[code]);
      }
    } finally {
      await visitor.close();
    }
  });
});

test("the application form's step names stay within their own steps in Arabic, at 1440 and 375 px", async ({ page }) => {
  await page.goto('/market-vendor-application');
  await page.evaluate(() => {
    localStorage.setItem('pim-language', 'ar');
    // A draft on the last step: every earlier step is a button back, the bar's fullest state.
    localStorage.setItem('apply-draft:market_vendor:', JSON.stringify({ values: {}, documents: [], step: 4 }));
  });
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const nav = page.getByRole('navigation', { name: 'خطوات الطلب' });
    await expect(nav.getByText('الخطوة 5 من 5: المراجعة والإرسال')).toBeVisible();
    const steps = nav.getByRole('listitem');
    await expect(steps).toHaveCount(5);
    // Every line of text drawn in a step (screen-reader-only text aside) lies within that step's box.
    const measured = await steps.evaluateAll((items) =>
      items.map((li) => {
        const box = li.getBoundingClientRect();
        const lines: { left: number; right: number; top: number; bottom: number }[] = [];
        const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement!;
          if (!node.textContent?.trim() || parent.getBoundingClientRect().width <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) lines.push({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
        }
        return { box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom }, lines, text: li.textContent ?? '' };
      }),
    );
    for (const [i, step] of measured.entries()) {
      if (width >= 640) expect(step.lines.length, `step ${i + 1} names itself at ${width} px`).toBeGreaterThan(0);
      else expect(step.lines, `bars only at ${width} px`).toEqual([]);
      for (const line of step.lines) {
        expect(line.left, `step ${i + 1} (${step.text}) at ${width} px`).toBeGreaterThanOrEqual(step.box.left - 0.5);
        expect(line.right, `step ${i + 1} (${step.text}) at ${width} px`).toBeLessThanOrEqual(step.box.right + 0.5);
      }
      const next = measured[i + 1];
      if (next)
        expect(
          Math.min(step.box.right, next.box.right) - Math.max(step.box.left, next.box.left),
          'steps do not overlap',
        ).toBeLessThanOrEqual(0);
    }
  }
});
