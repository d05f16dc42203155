import { expect, type APIRequestContext } from '@playwright/test';
import { apiAs, createUser, resetPassword, SUPER_ADMIN, type Account, type Api } from './fixtures';
import type { Market } from './market-helpers';

/** A 1 x 1 PNG: small, and a real image the server re-encodes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type VendorStream = 'market_vendor' | 'junior_vendor';

/** The answers of a vendor application for the market's category and day; junior applicants are twelve. */
function answers(stream: VendorStream, market: Market, email: string, businessName: string) {
  const base = {
    businessName,
    contactName: 'E2E Applicant',
    email,
    phone: '+44 1632 960999',
    productsDescription: 'Jars of jam.',
    categoryIds: [market.category.id],
    marketDayIds: [market.day.id],
    stallSize: '3x3',
    power: 'none',
    documents: [],
    consentTerms: true,
  };
  if (stream === 'market_vendor') return base;
  const born = new Date();
  born.setUTCFullYear(born.getUTCFullYear() - 12);
  return {
    ...base,
    dateOfBirth: born.toISOString().slice(0, 10),
    guardianName: 'E2E Guardian',
    guardianPhone: '+44 1632 960998',
    guardianEmail: `guardian-${email}`,
    guardianConsent: true,
  };
}

/** Sends a vendor application through the public form's API, as a person would (after the form's minimum fill time). */
export async function submitApplication(
  request: APIRequestContext,
  market: Market,
  a: { email: string; businessName: string; stream?: VendorStream; overrides?: Record<string, unknown> },
): Promise<void> {
  const stream = a.stream ?? 'market_vendor';
  const form = await (await request.get(`/api/v1/public/application-forms/${stream}`)).json();
  // A person needs at least minFillSeconds; a faster submission would be dropped as a bot's.
  await new Promise((r) => setTimeout(r, (form.minFillSeconds + 0.5) * 1000));
  const sent = await request.post('/api/v1/public/applications', {
    data: {
      stream,
      formToken: form.formToken,
      locale: 'en',
      answers: { ...answers(stream, market, a.email, a.businessName), ...a.overrides },
    },
  });
  expect(sent.status(), await sent.text()).toBe(202);
}

/**
 * A signed-in vendor account made the way the product makes them: the person has an account, applies, and staff
 * approve (which gives the account the organization's vendor role and invites it; the test then sets its password).
 */
export async function createVendorAccount(
  request: APIRequestContext,
  admin: Api,
  market: Market,
  stream: VendorStream,
  sfx: string,
): Promise<Account> {
  const email = `${stream.replace('_', '-')}-${sfx}@example.test`;
  const user = await createUser(request, email);
  await submitApplication(request, market, { stream, email, businessName: `Vendor ${sfx}` });
  const { items } = await admin.get<{ items: { id: string }[] }>(`/vendor-applications?stream=${stream}&q=${encodeURIComponent(email)}`);
  expect(items, `the application of ${email}`).toHaveLength(1);
  await admin.post(`/vendor-applications/${items[0]!.id}/approve`, {});
  return resetPassword(request, user);
}

/**
 * The newest e-mail of a template sent to an address, read from the outbox as a super admin would on
 * the e-mail page (without SMTP the server keeps every message there). Waits for it to appear.
 */
export async function newestMail(
  request: APIRequestContext,
  to: string,
  template: string,
): Promise<{ subject: string; textBody: string; htmlBody: string | null }> {
  const admin = await apiAs(request, SUPER_ADMIN);
  const query = `/email-outbox?to=${encodeURIComponent(to)}&template=${encodeURIComponent(template)}&limit=1`;
  let id: string | undefined;
  await expect
    .poll(async () => (id = (await admin.get<{ items: { id: string }[] }>(query)).items[0]?.id), {
      message: `an e-mail ${template} to ${to}`,
      timeout: 10_000,
    })
    .toBeTruthy();
  return admin.get(`/email-outbox/${id}`);
}

/** The first link of a message that contains the given text. */
export function linkIn(text: string, contains: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(contains));
  expect(link, `a link containing ${contains} in:\n${text}`).toBeTruthy();
  return link!;
}
