import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import {
  marketAssignments,
  marketCategories,
  marketDayRequests,
  marketDays,
  marketSlots,
  vendorCategories,
  vendorDocuments,
  vendors,
} from '../schema/index.js';

type RequestStatus = (typeof marketDayRequests.$inferInsert)['status'];

/** More stall holders, so the board has a believable mix of categories. */
const MORE_VENDORS = [
  { publicName: 'Harbour Honey', contactName: 'Nadia Karam', email: 'bees@harbourhoney.example', category: 'Fresh produce' },
  { publicName: 'Copper Kettle Coffee', contactName: 'Omar Farah', email: 'brew@copperkettle.example', category: 'Street food' },
  { publicName: 'Knit Nook', contactName: 'Ella Stone', email: 'hello@knitnook.example', category: 'Crafts' },
];

/**
 * Bookings of the demo market (after `seedDemoMarket`): requests in every status and slot bookings on its next
 * Saturdays, a term booking over the whole series, and the documents the categories require, valid for the
 * season (rows only: the demo has no file bytes behind them), so the bookings keep the eligibility rule.
 */
export async function seedDemoAssignments(tx: DbOrTx, orgId: string, managerId: string | null): Promise<void> {
  const cats = await tx.select().from(marketCategories).where(eq(marketCategories.orgId, orgId));
  const cat = (n: string) => cats.find((c) => c.nameEn === n)!;
  const added = await tx
    .insert(vendors)
    .values(MORE_VENDORS.map(({ category: _, ...v }) => ({ ...v, orgId, vendorType: 'market' as const })))
    .returning();
  await tx
    .insert(vendorCategories)
    .values(
      added.map((v) => ({ orgId, vendorId: v.id, categoryId: cat(MORE_VENDORS.find((m) => m.publicName === v.publicName)!.category).id })),
    );

  const all = await tx.select().from(vendors).where(eq(vendors.orgId, orgId));
  const links = await tx.select().from(vendorCategories).where(eq(vendorCategories.orgId, orgId));
  const days = await tx.select().from(marketDays).where(eq(marketDays.orgId, orgId)).orderBy(asc(marketDays.date));
  const slots = await tx.select().from(marketSlots).where(eq(marketSlots.orgId, orgId));
  const slot = (code: string) => slots.find((s) => s.code === code)!;
  const vendor = (n: string) => all.find((v) => v.publicName === n)!;
  const categoryOf = (vendorId: string) => links.find((l) => l.vendorId === vendorId)!.categoryId;

  // Every document type a vendor's categories require, valid until a year after the last demo day.
  const until = days.length ? `${Number(days.at(-1)!.date.slice(0, 4)) + 1}${days.at(-1)!.date.slice(4)}` : null;
  const docs = links.flatMap((l) =>
    cats
      .find((c) => c.id === l.categoryId)!
      .requiredDocumentTypes.map((docType) => ({
        orgId,
        vendorId: l.vendorId,
        docType: docType as (typeof vendorDocuments.$inferInsert)['docType'],
        bucketId: 'demo-documents',
        objectPath: `vendors/${l.vendorId}/${docType}.pdf`,
        fileName: `${docType}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 48_213,
        expiresOn: until,
        status: 'valid' as const,
      })),
  );
  if (docs.length) await tx.insert(vendorDocuments).values(docs);

  const now = new Date();
  const request = async (
    vendorName: string,
    dayIndex: number,
    status: RequestStatus,
    extra: Partial<typeof marketDayRequests.$inferInsert> = {},
  ) => {
    const v = vendor(vendorName);
    const day = days[dayIndex];
    if (!day) return null;
    const decided = status === 'pending' ? {} : { decidedBy: managerId, decidedAt: now };
    const [row] = await tx
      .insert(marketDayRequests)
      .values({
        orgId,
        marketDayId: day.id,
        vendorId: v.id,
        categoryId: categoryOf(v.id),
        status,
        createdBy: managerId,
        ...decided,
        ...(status === 'accepted' ? { acceptedAt: now } : {}),
        ...(status === 'waitlisted' ? { waitlistedAt: now } : {}),
        ...extra,
      })
      .returning();
    return row!;
  };
  const book = async (req: typeof marketDayRequests.$inferSelect | null, code: string) => {
    if (!req) return;
    await tx.insert(marketAssignments).values({
      orgId,
      marketDayId: req.marketDayId,
      slotId: slot(code).id,
      vendorId: req.vendorId,
      requestId: req.id,
      categoryId: req.categoryId,
      termId: req.termId,
      createdBy: managerId,
    });
  };

  // Olive Grove Farm holds A1 for the whole season (a term booking); the first day it is away (approved).
  const termId = randomUUID();
  for (let i = 0; i < days.length; i++) await book(await request('Olive Grove Farm', i, 'accepted', { termId }), 'A1');
  if (days[0])
    await tx
      .update(marketAssignments)
      .set({ status: 'absent_approved', statusReason: 'Family wedding' })
      .where(and(eq(marketAssignments.marketDayId, days[0].id), eq(marketAssignments.vendorId, vendor('Olive Grove Farm').id)));
  // The next two Saturdays: bookings, a request to place, pending requests and a waiting list.
  await book(await request('Harbour Honey', 0, 'accepted'), 'A2');
  await book(await request('Saffron Street Kitchen', 0, 'accepted'), 'A7');
  await book(await request('Clay & Kiln', 0, 'accepted'), 'B1');
  await request('Copper Kettle Coffee', 0, 'waitlisted', { priority: 1 });
  await request('Knit Nook', 0, 'waitlisted');
  await request("Lina's Bracelets", 0, 'pending');
  await book(await request('Clay & Kiln', 1, 'accepted'), 'B2');
  await request('Saffron Street Kitchen', 1, 'accepted');
  await request('Copper Kettle Coffee', 1, 'pending');
  await request('Knit Nook', 1, 'rejected', { decisionReason: 'Crafts are full that day' });
  await request("Lina's Bracelets", 1, 'accepted');
}
