import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.js';
import {
  marketDays,
  vendorApplicationCategories,
  vendorApplicationDocuments,
  vendorApplicationMarketDays,
  vendorApplications,
} from '../../src/db/schema/index.js';
import { newStatusToken } from '../../src/modules/applications/applications.records.js';
import { createLocation } from './market.js';

type ApplicationRow = typeof vendorApplications.$inferSelect;
type Stream = ApplicationRow['stream'];
type DocumentInsert = typeof vendorApplicationDocuments.$inferInsert;

const suffix = () => randomUUID().slice(0, 8);

/** A market day of the organization inserted directly: published, 30 days ahead, at a new location unless given. */
export async function createMarketDay(
  app: App,
  orgId: string,
  overrides: Partial<Omit<typeof marketDays.$inferInsert, 'orgId'>> = {},
): Promise<typeof marketDays.$inferSelect> {
  const locationId = overrides.locationId ?? (await createLocation(app, orgId)).id;
  const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const [row] = await app.ctx.db
    .insert(marketDays)
    .values({
      date,
      setupTime: '07:00',
      openTime: '09:00',
      closeTime: '14:00',
      status: 'published',
      publishedAt: new Date(),
      ...overrides,
      locationId,
      orgId,
    })
    .returning();
  return row!;
}

/** Answers as the public form would have stored them, per stream. */
export function answersFor(stream: Stream, email: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const s = suffix();
  const vendor = {
    businessName: `Stall ${s}`,
    legalName: null,
    contactName: `Contact ${s}`,
    email,
    phone: '+971501234567',
    address: 'Market street 1',
    website: null,
    instagram: '@stall',
    productsDescription: 'Fresh olive oil and bread',
    categoryIds: [],
    marketDayIds: [],
    stallSize: '3x3',
    power: 'none',
    documents: [],
    consentTerms: true,
  };
  if (stream === 'market_vendor') return { ...vendor, ...over };
  if (stream === 'junior_vendor') {
    const dob = new Date(Date.now() - 12 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    return {
      ...vendor,
      dateOfBirth: dob,
      guardianName: 'Huda Ahmed',
      guardianPhone: '+971501112233',
      guardianEmail: 'guardian@example.test',
      guardianConsent: true,
      school: 'Al Noor School',
      ...over,
    };
  }
  return {
    hostName: `Host ${s}`,
    contactName: null,
    email,
    phone: '+971501234567',
    titleEn: 'Bread baking for kids',
    titleAr: 'خبز الخبز للأطفال',
    descriptionEn: 'Knead, shape and bake.',
    descriptionAr: 'اعجن وشكّل واخبز.',
    durationMinutes: 90,
    capacity: 12,
    ageMin: 6,
    ageMax: 12,
    materialsFeeMinor: 1500,
    spaceNeeds: 'A table',
    equipmentNeeds: null,
    marketDayIds: [],
    consentTerms: true,
    ...over,
  };
}

export interface ApplicationOptions {
  stream?: Stream;
  status?: ApplicationRow['status'];
  email?: string;
  applicantName?: string;
  contactName?: string | null;
  locale?: 'en' | 'ar';
  submittedAt?: Date;
  answers?: Record<string, unknown>;
  categoryIds?: string[];
  marketDayIds?: string[];
  documents?: Partial<Omit<DocumentInsert, 'orgId' | 'applicationId'>>[];
}

/**
 * An application inserted directly, as the public form would have stored it (answers, categories,
 * market days, documents), with a working status token. Returns the row and the token.
 */
export async function createApplication(
  app: App,
  orgId: string,
  o: ApplicationOptions = {},
): Promise<{ row: ApplicationRow; token: string }> {
  const stream = o.stream ?? 'market_vendor';
  const email = (o.email ?? `applicant-${suffix()}@example.test`).toLowerCase();
  const answers = answersFor(stream, email, { categoryIds: o.categoryIds ?? [], marketDayIds: o.marketDayIds ?? [], ...o.answers });
  const applicantName = o.applicantName ?? String(stream === 'workshop' ? answers.hostName : answers.businessName);
  const contactName = o.contactName !== undefined ? o.contactName : stream === 'workshop' ? null : String(answers.contactName);
  const { token, hash, sealed } = newStatusToken(app.ctx);
  const submittedAt = o.submittedAt ?? new Date();
  const [row] = await app.ctx.db
    .insert(vendorApplications)
    .values({
      orgId,
      stream,
      status: o.status ?? 'submitted',
      email,
      locale: o.locale ?? 'en',
      applicantName,
      contactName,
      phone: String(answers.phone),
      answers,
      stallSize: stream === 'workshop' ? null : String(answers.stallSize),
      power: stream === 'workshop' ? null : String(answers.power),
      statusTokenHash: hash,
      statusTokenSealed: sealed,
      submittedAt,
      createdAt: submittedAt,
      updatedAt: submittedAt,
    })
    .returning();
  const id = row!.id;
  if (o.categoryIds?.length)
    await app.ctx.db
      .insert(vendorApplicationCategories)
      .values(o.categoryIds.map((categoryId) => ({ orgId, applicationId: id, categoryId })));
  if (o.marketDayIds?.length)
    await app.ctx.db
      .insert(vendorApplicationMarketDays)
      .values(o.marketDayIds.map((marketDayId) => ({ orgId, applicationId: id, marketDayId })));
  for (const d of o.documents ?? []) {
    await app.ctx.db.insert(vendorApplicationDocuments).values({
      docType: 'insurance',
      bucketId: 'none',
      objectPath: `applications/${id}/${randomUUID()}.pdf`,
      fileName: 'insurance.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1234,
      ...d,
      orgId,
      applicationId: id,
    });
  }
  return { row: row!, token };
}
