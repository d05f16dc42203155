import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './fixtures';

/** What a market needs before anyone can apply to it: a category, a public location and a published market day. */
export interface Market {
  category: { id: string; nameEn: string; nameAr: string };
  location: { id: string; nameEn: string; nameAr: string };
  day: { id: string; date: string };
}

/** Creates a market through the API as a super admin; the names carry the test's suffix. */
export async function createMarket(
  admin: Api,
  sfx: string,
  options: { requiredDocumentTypes?: string[]; date?: string } = {},
): Promise<Market> {
  const category = await admin.post('/market-categories', {
    nameEn: `Crafts ${sfx}`,
    nameAr: `حرف ${sfx}`,
    colour: '#16a34a',
    targetPerDay: 10,
    requiredDocumentTypes: options.requiredDocumentTypes ?? [],
  });
  const location = await admin.post('/market-locations', {
    nameEn: `Square ${sfx}`,
    nameAr: `الساحة ${sfx}`,
    address: '1 Market Square',
    latitude: 25.2,
    longitude: 55.27,
    isPublic: true,
  });
  const date = options.date ?? isoDate(1);
  const day = await admin.post('/market-days', {
    locationId: location.id,
    date,
    setupTime: '07:30',
    openTime: '09:00',
    closeTime: '13:00',
  });
  await admin.post(`/market-days/${day.id}/publish`);
  return {
    category: { id: category.id, nameEn: `Crafts ${sfx}`, nameAr: `حرف ${sfx}` },
    location: { id: location.id, nameEn: `Square ${sfx}`, nameAr: `الساحة ${sfx}` },
    day: { id: day.id, date },
  };
}

/** A calendar date (YYYY-MM-DD) n days from today, in the local calendar the browser also uses. */
export function isoDate(daysFromToday: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The first date from tomorrow on that falls on a weekday (0 Sunday ... 6 Saturday), in the local calendar. */
export function nextWeekday(weekday: number): string {
  const today = new Date().getDay();
  return isoDate(((weekday - today + 6) % 7) + 1);
}

/** Every date of a weekday from start to end, inclusive (dates as YYYY-MM-DD, computed in UTC like the app). */
export function weeklyDates(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${startDate}T00:00:00Z`); ms <= Date.parse(`${endDate}T00:00:00Z`); ms += 7 * 86_400_000) {
    out.push(new Date(ms).toISOString().slice(0, 10));
  }
  return out;
}

/** The dates of a month view (weeks from Sunday, as the English calendar lays them out) that belong to the adjacent months. */
export function outerDates(month: string): string[] {
  const first = Date.parse(`${month}-01T00:00:00Z`);
  const start = first - new Date(first).getUTCDay() * 86_400_000;
  const out: string[] = [];
  for (let ms = start; ; ms += 86_400_000) {
    const d = new Date(ms).toISOString().slice(0, 10);
    if (d.slice(0, 7) > month && new Date(ms).getUTCDay() === 0) break;
    if (d.slice(0, 7) !== month) out.push(d);
  }
  return out;
}

export interface SlotBox {
  x: number;
  y: number;
}

/** A slot's position on the plan in metres, read from its rectangle (one SVG unit is one metre). */
export async function slotPosition(slot: Locator): Promise<SlotBox> {
  const rect = slot.locator('rect').first();
  return { x: Number(await rect.getAttribute('x')), y: Number(await rect.getAttribute('y')) };
}

/** Drags a slot on the plan editor by a distance in metres, converting with the slot's own drawn size. */
export async function dragSlot(page: Page, slot: Locator, widthM: number, dxM: number, dyM: number): Promise<void> {
  await slot.scrollIntoViewIfNeeded();
  const box = await slot.boundingBox();
  expect(box, 'the slot is drawn').not.toBeNull();
  const pxPerM = box!.width / widthM;
  const x = box!.x + box!.width / 2;
  const y = box!.y + box!.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dxM * pxPerM, y + dyM * pxPerM, { steps: 8 });
  await page.mouse.up();
}
