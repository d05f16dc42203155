import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { marketLocations, posCommissionRules, posRegisters, vendors } from '../schema/index.js';

// The demo's point of sale: two registers at the first market location and the commission the operator takes
// on vendors' sales (10% by default, a flat rate for the first vendor). No sales are made up: the demo's
// orders are the ones people ring up on the register.

export async function seedDemoPos(tx: DbOrTx, orgId: string, managerId: string | null): Promise<void> {
  const [location] = await tx
    .select({ id: marketLocations.id })
    .from(marketLocations)
    .where(eq(marketLocations.orgId, orgId))
    .orderBy(asc(marketLocations.createdAt))
    .limit(1);
  await tx.insert(posRegisters).values([
    {
      orgId,
      name: 'Main Square till',
      locationId: location?.id ?? null,
      openingFloat: 15_000,
      tenders: ['cash', 'card', 'voucher'],
      receiptHeaderEn: 'Demo Markets · Main Square',
      receiptHeaderAr: 'أسواق العرض · الساحة الرئيسية',
      receiptFooterEn: 'Thank you for shopping local',
      receiptFooterAr: 'شكرًا لتسوقكم من المنتجين المحليين',
    },
    {
      orgId,
      name: 'Night market till',
      locationId: location?.id ?? null,
      openingFloat: 10_000,
      tenders: ['cash', 'card'],
      allowNegativeStock: true,
      receiptHeaderEn: 'Demo Markets · Night market',
      receiptHeaderAr: 'أسواق العرض · السوق الليلي',
    },
  ]);
  const [first] = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.orgId, orgId))
    .orderBy(asc(vendors.publicName))
    .limit(1);
  await tx.insert(posCommissionRules).values([
    { orgId, kind: 'percentage', rateBasisPoints: 1_000, minimum: 0, createdBy: managerId },
    ...(first
      ? [
          {
            orgId,
            vendorId: first.id,
            kind: 'percentage' as const,
            rateBasisPoints: 800,
            minimum: 50,
            maximum: 2_000,
            createdBy: managerId,
          },
        ]
      : []),
  ]);
}
