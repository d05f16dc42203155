// The assignment board fixture of P14: one organization, 300 slots x 12 market days, built from a fixed seed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import {
  marketAssignments,
  marketCategories,
  marketDayCapacities,
  marketDayRequests,
  marketDays,
  marketLocations,
  marketSlots,
  vendorCategories,
  vendors,
} from '../../apps/server/src/db/schema/index.js';

export const ZONES = ['A', 'B', 'C', 'D', 'E', 'F'];
export const PER_ZONE = 50;
export const DAYS = 12;
const VENDORS = 200;
export const BOOKED = 180; // 60% of 300 slots, each day
export const TO_PLACE = 10; // accepted requests without a slot, each day
const PENDING = 5;
const CATEGORIES: [string, string, string][] = [
  ['Food', 'طعام', '#16a34a'],
  ['Crafts', 'حرف', '#9333ea'],
  ['Produce', 'منتجات', '#ea580c'],
  ['Clothing', 'ملابس', '#0284c7'],
];

/** Fixed-seed generator, so every run books the same vendors on the same slots. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const shuffled = <T>(xs: T[], rand: () => number) => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};
const dateAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * One organization's market: an empty location "Annex" (the board opens on it, first by name) and "Harbour"
 * with 300 slots (zones A-F, codes 1-50 placed on the plan; each zone's 50th blocked) and 12 published market
 * days every other day from the day after tomorrow (the board shows at most 31 days, so weekly days would give
 * it five columns). Each day 180 vendors are booked (accepted requests, confirmed assignments, one slot per
 * vendor), 10 accepted requests wait in the tray and 5 are pending. Four in five bookings have an issued
 * invoice: paid, overdue, unpaid or waived, by the ledger. Direct inserts, a few statements.
 */
export async function seedBoard(db: Db, orgId: string) {
  const rand = mulberry32(14);
  const locations = await db
    .insert(marketLocations)
    .values([
      { orgId, nameEn: 'Annex', nameAr: 'الملحق', address: '2 Side street' },
      { orgId, nameEn: 'Harbour', nameAr: 'الميناء', address: '1 Quay', planWidthM: 180, planDepthM: 70 },
    ])
    .returning();
  const locationId = locations.find((l) => l.nameEn === 'Harbour')!.id;
  const cats = await db
    .insert(marketCategories)
    .values(CATEGORIES.map(([nameEn, nameAr, colour]) => ({ orgId, nameEn, nameAr, colour, targetPerDay: 45 })))
    .returning();
  const slots = await db
    .insert(marketSlots)
    .values(
      ZONES.flatMap((zone, z) =>
        Array.from({ length: PER_ZONE }, (_, i) => ({
          orgId,
          locationId,
          code: `${zone}${i + 1}`,
          zone,
          depthM: i % 5 === 0 ? 4 : 3,
          feePerDay: 2500,
          status: i === PER_ZONE - 1 ? ('blocked' as const) : ('open' as const),
          planX: (i % 25) * 3.5 + 2 + (z % 2) * 90,
          planY: Math.floor(z / 2) * 22 + Math.floor(i / 25) * 6 + 2,
        })),
      ),
    )
    .returning();
  const openSlots = slots.filter((s) => s.status === 'open');
  const days = await db
    .insert(marketDays)
    .values(
      Array.from({ length: DAYS }, (_, i) => ({
        orgId,
        locationId,
        date: dateAhead(2 + 2 * i),
        setupTime: '07:00',
        openTime: '09:00',
        closeTime: '14:00',
        status: 'published' as const,
        publishedAt: new Date(),
      })),
    )
    .returning();
  await db
    .insert(marketDayCapacities)
    .values(days.flatMap((d) => cats.map((c) => ({ orgId, marketDayId: d.id, categoryId: c.id, capacity: 45 }))));
  const vendorRows = await db
    .insert(vendors)
    .values(
      Array.from({ length: VENDORS }, (_, i) => ({
        orgId,
        vendorType: 'market' as const,
        publicName: `Vendor ${String(i).padStart(3, '0')} ${CATEGORIES[i % 4]![0]}`,
      })),
    )
    .returning();
  await db.insert(vendorCategories).values(vendorRows.map((v, i) => ({ orgId, vendorId: v.id, categoryId: cats[i % 4]!.id })));
  const now = new Date();
  const plan = days.map((d) => ({
    day: d,
    order: shuffled(
      Array.from({ length: VENDORS }, (_, i) => i),
      rand,
    ),
    slots: shuffled(openSlots, rand),
  }));
  const requests = await db
    .insert(marketDayRequests)
    .values(
      plan.flatMap(({ day, order }) =>
        order.slice(0, BOOKED + TO_PLACE + PENDING).map((v, k) => ({
          orgId,
          marketDayId: day.id,
          vendorId: vendorRows[v]!.id,
          categoryId: cats[v % 4]!.id,
          status: k < BOOKED + TO_PLACE ? ('accepted' as const) : ('pending' as const),
          priority: k % 3,
          ...(k < BOOKED + TO_PLACE ? { acceptedAt: now, decidedAt: now } : {}),
        })),
      ),
    )
    .returning();
  const requestOf = new Map(requests.map((r) => [`${r.marketDayId}:${r.vendorId}`, r]));
  await db.insert(marketAssignments).values(
    plan.flatMap(({ day, order, slots: free }) =>
      order.slice(0, BOOKED).map((v, k) => {
        const r = requestOf.get(`${day.id}:${vendorRows[v]!.id}`)!;
        return {
          orgId,
          marketDayId: day.id,
          slotId: free[k]!.id,
          vendorId: r.vendorId,
          requestId: r.id,
          categoryId: r.categoryId,
          locked: k % 17 === 0,
        };
      }),
    ),
  );
  // Invoice n of the bookings: n % 5 = 0 none, 1 paid, 2 overdue, 3 unpaid, 4 waived.
  await db.execute(sql`insert into invoices (org_id, vendor_id, assignment_id, number, status, currency, issue_date, due_date, issued_at)
    select org_id, vendor_id, id, 'BENCH-' || n, 'issued', 'USD', current_date - 10,
      case when n % 5 = 2 then current_date - 3 else current_date + 30 end, now()
    from (select a.*, row_number() over (order by a.market_day_id, a.slot_id) as n from market_assignments a where a.org_id = ${orgId}) a
    where n % 5 <> 0`);
  await db.execute(sql`insert into vendor_ledger_entries (org_id, vendor_id, invoice_id, entry_type, source_type, source_id, amount, currency, occurred_on)
    select org_id, vendor_id, id, t.entry_type, t.source_type, gen_random_uuid(), t.amount, 'USD', current_date
    from (select i.*, split_part(i.number, '-', 2)::int % 5 as k from invoices i where i.org_id = ${orgId}) i
    join (values ('charge', 'invoice_line', 2500, null), ('payment', 'payment_allocation', -2500, 1), ('waiver', 'invoice_adjustment', -2500, 4))
      as t(entry_type, source_type, amount, only_k) on t.only_k is null or t.only_k = i.k`);
  return { locationId, dayIds: days.map((d) => d.id) };
}
