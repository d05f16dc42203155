import { expect, type Locator, type Page } from '@playwright/test';

/** A calendar date (YYYY-MM-DD) n days from today, in the local calendar the browser also uses. */
export function isoDate(daysFromToday: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Every date of a weekday from start to end, inclusive (dates as YYYY-MM-DD, computed in UTC like the app). */
export function weeklyDates(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${startDate}T00:00:00Z`); ms <= Date.parse(`${endDate}T00:00:00Z`); ms += 7 * 86_400_000) {
    out.push(new Date(ms).toISOString().slice(0, 10));
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
