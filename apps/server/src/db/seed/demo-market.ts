import type { DbOrTx } from '../client.js';
import {
  marketCategories,
  marketDayCapacities,
  marketDays,
  marketDaySeries,
  marketLocations,
  marketSlots,
  vendorCategories,
  vendors,
  vendorUsers,
} from '../schema/index.js';

const CATEGORIES = [
  { nameEn: 'Fresh produce', nameAr: 'منتجات طازجة', colour: '#16a34a', targetPerDay: 8, requiredDocumentTypes: ['food_hygiene'] },
  {
    nameEn: 'Street food',
    nameAr: 'أطعمة الشارع',
    colour: '#ea580c',
    targetPerDay: 6,
    requiredDocumentTypes: ['food_hygiene', 'insurance'],
  },
  { nameEn: 'Crafts', nameAr: 'حِرَف يدوية', colour: '#7c3aed', targetPerDay: 5, requiredDocumentTypes: ['insurance'] },
  { nameEn: 'Junior makers', nameAr: 'صنّاع صغار', colour: '#0891b2', targetPerDay: 2, requiredDocumentTypes: [] },
];

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A believable market for the demo organization: categories, one public location with 20 slots, eight published Saturdays. */
export async function seedDemoMarket(tx: DbOrTx, orgId: string, userIds: Record<string, string>): Promise<void> {
  const cats = await tx
    .insert(marketCategories)
    .values(CATEGORIES.map((c) => ({ ...c, orgId })))
    .returning();
  const [loc] = await tx
    .insert(marketLocations)
    .values({
      orgId,
      nameEn: 'Harbour Square Market',
      nameAr: 'سوق ساحة الميناء',
      address: 'Harbour Square, Old Port',
      latitude: 51.5072,
      longitude: -0.1276,
      descriptionEn: 'Open-air weekend market by the water, with produce, street food and crafts.',
      descriptionAr: 'سوق مفتوح في عطلة نهاية الأسبوع على الواجهة البحرية، فيه منتجات طازجة وأطعمة وحِرَف.',
      amenities: ['parking', 'toilets', 'power', 'water', 'step_free'],
      isPublic: true,
      planWidthM: 60,
      planDepthM: 40,
    })
    .returning();
  // Two rows of ten 3 x 3 m stalls facing each other across a 9 m aisle.
  await tx.insert(marketSlots).values(
    Array.from({ length: 20 }, (_, i) => {
      const row = i < 10 ? 'A' : 'B';
      const n = (i % 10) + 1;
      const cat = cats[i < 6 ? 0 : i < 10 ? 1 : i < 17 ? 2 : 3]!;
      return {
        orgId,
        locationId: loc!.id,
        code: `${row}${n}`,
        zone: row === 'A' ? 'Waterfront' : 'Square',
        widthM: 3,
        depthM: 3,
        power: row === 'A' && n > 6 ? ('single_phase' as const) : ('none' as const),
        hasWater: row === 'A' && n > 6,
        isCorner: n === 1 || n === 10,
        feePerDay: n === 1 || n === 10 ? 4500 : 3500,
        feePerSeason: n === 1 || n === 10 ? 30000 : 24000,
        categoryId: cat.id,
        planX: 6 + (n - 1) * 4.5,
        planY: row === 'A' ? 8 : 20,
      };
    }),
  );
  // Saturdays from the next one on, published, with the categories' targets as capacity.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + ((6 - start.getUTCDay() + 7) % 7 || 7));
  const dates = Array.from({ length: 8 }, (_, i) => isoDate(new Date(start.getTime() + i * 7 * 86_400_000)));
  const [series] = await tx
    .insert(marketDaySeries)
    .values({
      orgId,
      locationId: loc!.id,
      weekday: 6,
      startDate: dates[0]!,
      endDate: dates[7]!,
      setupTime: '07:00',
      openTime: '09:00',
      closeTime: '15:00',
    })
    .returning();
  const days = await tx
    .insert(marketDays)
    .values(
      dates.map((date) => ({
        orgId,
        locationId: loc!.id,
        seriesId: series!.id,
        date,
        setupTime: '07:00',
        openTime: '09:00',
        closeTime: '15:00',
        status: 'published' as const,
        publishedAt: new Date(),
      })),
    )
    .returning();
  await tx
    .insert(marketDayCapacities)
    .values(days.flatMap((d) => cats.map((c) => ({ orgId, marketDayId: d.id, categoryId: c.id, capacity: c.targetPerDay }))));

  // A few vendors, two of them with the demo vendor accounts linked.
  const made = await tx
    .insert(vendors)
    .values([
      {
        orgId,
        vendorType: 'market' as const,
        publicName: 'Olive Grove Farm',
        legalName: 'Olive Grove Farm Ltd',
        contactName: 'Samir Haddad',
        email: 'hello@olivegrove.example',
        phone: '+441632960001',
        descriptionEn: 'Seasonal vegetables and olive oil from our own grove.',
        descriptionAr: 'خضار موسمية وزيت زيتون من بستاننا.',
      },
      {
        orgId,
        vendorType: 'market' as const,
        publicName: 'Saffron Street Kitchen',
        contactName: 'Maya Rahal',
        email: 'orders@saffronstreet.example',
        phone: '+441632960002',
      },
      { orgId, vendorType: 'market' as const, publicName: 'Clay & Kiln', contactName: 'Tom Baker', email: 'studio@claykiln.example' },
      {
        orgId,
        vendorType: 'junior' as const,
        publicName: "Lina's Bracelets",
        contactName: 'Lina Nasser',
        email: 'lina.bracelets@example.test',
        dateOfBirth: '2013-04-12',
        guardianName: 'Rana Nasser',
        guardianPhone: '+441632960009',
        guardianEmail: 'rana.nasser@example.test',
        guardianConsentAt: new Date(),
      },
    ])
    .returning();
  const byName = (n: string) => made.find((v) => v.publicName === n)!.id;
  const cat = (n: string) => cats.find((c) => c.nameEn === n)!.id;
  await tx.insert(vendorCategories).values([
    { orgId, vendorId: byName('Olive Grove Farm'), categoryId: cat('Fresh produce') },
    { orgId, vendorId: byName('Saffron Street Kitchen'), categoryId: cat('Street food') },
    { orgId, vendorId: byName('Clay & Kiln'), categoryId: cat('Crafts') },
    { orgId, vendorId: byName("Lina's Bracelets"), categoryId: cat('Junior makers') },
  ]);
  const links = [
    { email: 'market-vendor@demo.market', vendor: 'Olive Grove Farm' },
    { email: 'junior-vendor@demo.market', vendor: "Lina's Bracelets" },
  ].filter((l) => userIds[l.email]);
  if (links.length)
    await tx.insert(vendorUsers).values(links.map((l) => ({ orgId, vendorId: byName(l.vendor), userId: userIds[l.email]! })));
}
