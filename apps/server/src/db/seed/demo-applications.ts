import { and, asc, eq } from 'drizzle-orm';
import { sealedStatusToken, statusLinkKey } from '../../modules/applications/index.js';
import type { DbOrTx } from '../client.js';
import {
  marketCategories,
  marketDays,
  vendorApplicationCategories,
  vendorApplicationEvents,
  vendorApplicationMarketDays,
  vendorApplications,
  vendorApplicationScores,
} from '../schema/index.js';

type Status = (typeof vendorApplications.$inferInsert)['status'];

interface DemoApplication {
  stream: 'market_vendor' | 'junior_vendor' | 'workshop';
  status: Status;
  name: string;
  contact: string;
  email: string;
  locale: 'en' | 'ar';
  category?: string;
  daysAgo: number;
  answers: Record<string, unknown>;
  /** Staff note shown to the applicant with the status. */
  message?: string;
  score?: number;
}

const DEMO: DemoApplication[] = [
  {
    stream: 'market_vendor',
    status: 'submitted',
    name: 'Cedar Honey Co.',
    contact: 'Karim Aoun',
    email: 'karim@cedarhoney.example',
    locale: 'en',
    category: 'Fresh produce',
    daysAgo: 1,
    answers: {
      productsDescription: 'Raw mountain honey, honeycomb and beeswax candles from our own hives.',
      stallSize: '3x3',
      power: 'none',
      phone: '+441632960101',
    },
  },
  {
    stream: 'market_vendor',
    status: 'submitted',
    name: 'مخبز السنابل',
    contact: 'ريم خليل',
    email: 'reem@sanabel.example',
    locale: 'ar',
    category: 'Street food',
    daysAgo: 2,
    answers: {
      productsDescription: 'مناقيش وفطائر طازجة من الفرن الحجري.',
      stallSize: '3x6',
      power: 'single_phase',
      phone: '+971501234567',
    },
  },
  {
    stream: 'market_vendor',
    status: 'under_review',
    name: 'Indigo Thread Studio',
    contact: 'Priya Shah',
    email: 'priya@indigothread.example',
    locale: 'en',
    category: 'Crafts',
    daysAgo: 4,
    score: 4,
    answers: {
      productsDescription: 'Hand-dyed scarves and cushion covers, block printed in small batches.',
      stallSize: '3x3',
      power: 'none',
      phone: '+441632960102',
    },
  },
  {
    stream: 'market_vendor',
    status: 'info_requested',
    name: 'Smokehouse Brothers',
    contact: 'Dan Okafor',
    email: 'dan@smokehouse.example',
    locale: 'en',
    category: 'Street food',
    daysAgo: 6,
    message: 'Please upload your current food hygiene certificate; the one attached has expired.',
    answers: {
      productsDescription: 'Slow-smoked brisket sandwiches and pickles.',
      stallSize: '6x6',
      power: 'three_phase',
      phone: '+441632960103',
    },
  },
  {
    stream: 'market_vendor',
    status: 'waitlisted',
    name: 'Green Leaf Microgreens',
    contact: 'Ana Costa',
    email: 'ana@greenleaf.example',
    locale: 'en',
    category: 'Fresh produce',
    daysAgo: 9,
    message: 'Fresh produce is full for the next four Saturdays; we will offer you the first free stall.',
    answers: {
      productsDescription: 'Microgreens, edible flowers and herb plants.',
      stallSize: '3x3',
      power: 'none',
      phone: '+441632960104',
    },
  },
  {
    stream: 'junior_vendor',
    status: 'submitted',
    name: "Omar's Origami",
    contact: 'Omar Saleh',
    email: 'origami.omar@example.test',
    locale: 'ar',
    category: 'Junior makers',
    daysAgo: 3,
    answers: {
      productsDescription: 'Paper cranes, bookmarks and greeting cards.',
      stallSize: '3x3',
      power: 'none',
      guardianName: 'Nadia Saleh',
      dateOfBirth: '2014-09-03',
    },
  },
  {
    stream: 'workshop',
    status: 'submitted',
    name: 'Clay for Kids',
    contact: 'Tom Baker',
    email: 'studio@claykiln.example',
    locale: 'en',
    daysAgo: 2,
    answers: {
      titleEn: 'Pinch pots for beginners',
      titleAr: 'أواني الفخار للمبتدئين',
      descriptionEn: 'Shape and decorate a small pot to take home.',
      descriptionAr: 'شكّل وزيّن إناءً صغيرًا تأخذه معك.',
      durationMinutes: 60,
      capacity: 12,
      ageMin: 6,
      ageMax: 12,
      materialsFeeMinor: 500,
    },
  },
  {
    stream: 'workshop',
    status: 'under_review',
    name: 'Spice Route Cooking',
    contact: 'Maya Rahal',
    email: 'orders@saffronstreet.example',
    locale: 'en',
    daysAgo: 5,
    answers: {
      titleEn: 'Make your own za’atar',
      titleAr: 'اصنع خلطة الزعتر بنفسك',
      descriptionEn: 'Toast, grind and blend a za’atar mix.',
      descriptionAr: 'حمّص واطحن واخلط الزعتر.',
      durationMinutes: 45,
      capacity: 15,
      ageMin: 10,
      ageMax: 99,
      materialsFeeMinor: 800,
    },
  },
];

/** A review queue with applications in several states, so the demo's review screens show real rows. */
export async function seedDemoApplications(tx: DbOrTx, orgId: string, secret: string, reviewerId: string | undefined): Promise<void> {
  const key = statusLinkKey(secret);
  const cats = await tx.select().from(marketCategories).where(eq(marketCategories.orgId, orgId));
  const days = await tx
    .select({ id: marketDays.id })
    .from(marketDays)
    .where(and(eq(marketDays.orgId, orgId), eq(marketDays.status, 'published')))
    .orderBy(asc(marketDays.date))
    .limit(3);
  for (const d of DEMO) {
    const submittedAt = new Date(Date.now() - d.daysAgo * 86_400_000);
    const token = sealedStatusToken(key);
    const [app] = await tx
      .insert(vendorApplications)
      .values({
        orgId,
        stream: d.stream,
        status: d.status,
        email: d.email,
        locale: d.locale,
        applicantName: d.name,
        contactName: d.contact,
        phone: (d.answers.phone as string | undefined) ?? null,
        answers: {
          ...d.answers,
          email: d.email,
          contactName: d.contact,
          ...(d.stream === 'workshop' ? { hostName: d.name } : { businessName: d.name }),
        },
        stallSize: (d.answers.stallSize as string | undefined) ?? null,
        power: (d.answers.power as string | undefined) ?? null,
        statusTokenHash: token.hash,
        statusTokenSealed: token.sealed,
        submittedAt,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      })
      .returning();
    const cat = cats.find((c) => c.nameEn === d.category);
    if (cat) await tx.insert(vendorApplicationCategories).values({ orgId, applicationId: app!.id, categoryId: cat.id });
    if (days.length)
      await tx.insert(vendorApplicationMarketDays).values(days.map((day) => ({ orgId, applicationId: app!.id, marketDayId: day.id })));
    await tx
      .insert(vendorApplicationEvents)
      .values({ orgId, applicationId: app!.id, kind: 'submitted', toStatus: 'submitted', actorType: 'applicant', createdAt: submittedAt });
    if (d.status !== 'submitted') {
      await tx.insert(vendorApplicationEvents).values({
        orgId,
        applicationId: app!.id,
        kind: d.status === 'info_requested' ? 'info_request' : 'status',
        fromStatus: 'submitted',
        toStatus: d.status,
        actorType: 'staff',
        actorId: reviewerId ?? null,
        message: d.message ?? null,
        createdAt: new Date(submittedAt.getTime() + 86_400_000),
      });
    }
    if (d.score && reviewerId)
      await tx
        .insert(vendorApplicationScores)
        .values({ orgId, applicationId: app!.id, reviewerId, score: d.score, comment: 'Strong product photos; check stall size.' });
  }
}
