import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.js';
import { emailOutbox, marketDays, vendorApplications } from '../../db/schema/index.js';
import { createOrg } from '../../../test/factories.js';
import { createCategory, createLocation } from '../../../test/factories/market.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { addDays, today } from '../market-days/market-days.rules.js';
import { configureApplications } from './applications.form-token.js';

/** The real app on a fresh database and blob folder, with the public forms' clock in the test's hand. */
export interface PublicEnv {
  t: TestContext;
  app: App;
  /** Where the blob store keeps files (<dataDir>/storage). */
  dataDir: string;
  clock: { now: number };
  /** Moves the forms' clock on (past the minimum fill time by default). */
  advance(ms?: number): void;
  close(): Promise<void>;
}

export async function startPublicApp(): Promise<PublicEnv> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'applications-test-'));
  const t = await createTestApp({ dataDir });
  const clock = { now: Date.now() };
  configureApplications(t.app.ctx, { now: () => clock.now, minFillSeconds: 5 });
  return {
    t,
    app: t.app,
    dataDir,
    clock,
    advance: (ms = 10_000) => {
      clock.now += ms;
    },
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type DayOverrides = Partial<typeof marketDays.$inferInsert>;

/** An organization with a location, a Food category needing a food_hygiene document, Crafts, a retired category and market days of every kind. */
export async function marketForForms(app: App) {
  const org = await createOrg(app, `Market ${randomUUID().slice(0, 6)}`);
  const location = await createLocation(app, org.id, { nameEn: 'Harbour Square' });
  const food = await createCategory(app, org.id, { nameEn: 'Food', requiredDocumentTypes: ['food_hygiene'] });
  const crafts = await createCategory(app, org.id, { nameEn: 'Crafts' });
  const retired = await createCategory(app, org.id, { nameEn: 'Retired', isActive: false });
  const day = async (offset: number, o: DayOverrides = {}) =>
    (
      await app.ctx.db
        .insert(marketDays)
        .values({
          orgId: org.id,
          locationId: location.id,
          date: addDays(today(), offset),
          setupTime: '07:00',
          openTime: '09:00',
          closeTime: '14:00',
          status: 'published',
          ...o,
        })
        .returning()
    )[0]!;
  const hour = 3600_000;
  const days = {
    open: await day(40),
    openLater: await day(47, {
      applicationOpensAt: new Date(Date.now() - hour),
      applicationClosesAt: new Date(Date.now() + 20 * 24 * hour),
    }),
    draft: await day(41, { status: 'draft' }),
    past: await day(-1),
    closed: await day(42, { applicationClosesAt: new Date(Date.now() - hour) }),
    notYetOpen: await day(43, { applicationOpensAt: new Date(Date.now() + 24 * hour) }),
    cancelled: await day(44, { status: 'cancelled' }),
  };
  return { org, location, food, crafts, retired, days };
}
export type MarketForForms = Awaited<ReturnType<typeof marketForForms>>;

/** What a public-forms test file starts from: the app and a market for the forms (close `env` after the file). */
export async function startPublicForms(): Promise<{ env: PublicEnv; m: MarketForForms }> {
  const env = await startPublicApp();
  return { env, m: await marketForForms(env.app) };
}

/** Client addresses `<prefix>.1`, `<prefix>.2`, ...: each test file and test its own, so no flood limit of one touches another. */
export function ipSequence(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}.${++n}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests; the contracts type the app's own code
export type Res = { status: number; body: any; headers: Record<string, unknown> };

export async function call(app: App, method: 'GET' | 'POST', url: string, payload?: unknown, ip = '127.0.0.1'): Promise<Res> {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
}

export async function formToken(app: App, slug: string, stream = 'market_vendor'): Promise<string> {
  const res = await call(app, 'GET', `/public/application-forms/${stream}?org=${slug}`);
  if (res.status !== 200) throw new Error(`form: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.formToken as string;
}

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(body: Buffer, fileName: string, type: string, field = 'file') {
  const boundary = `----form${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    'utf8',
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(app: App, slug: string, body: Buffer, fileName: string, type: string, ip = '127.0.0.1'): Promise<Res> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/public/application-uploads?org=${slug}`,
    remoteAddress: ip,
    ...multipart(body, fileName, type),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
}

/** A complete, valid market vendor submission (Crafts on the open day, no documents needed). */
export function vendorBody(m: MarketForForms, token: string, answers: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    stream: 'market_vendor',
    org: m.org.slug,
    formToken: token,
    locale: 'en',
    answers: {
      businessName: 'Olive Grove',
      contactName: 'Maya Haddad',
      email: `maya-${randomUUID().slice(0, 8)}@example.test`,
      phone: '+971 50 123 4567',
      productsDescription: 'Olive oil and soap',
      categoryIds: [m.crafts.id],
      marketDayIds: [m.days.open.id],
      stallSize: '3x3',
      power: 'none',
      documents: [],
      consentTerms: true,
      ...answers,
    },
    ...extra,
  };
}

export const applicationsOf = (app: App, orgId: string) =>
  app.ctx.db.select().from(vendorApplications).where(eq(vendorApplications.orgId, orgId));
export const outboxTo = (app: App, to: string) => app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

/** The status-link secret in an applicant e-mail. */
export function statusTokenIn(text: string): string {
  const m = /\/application-status(?:\?[^#\s]*)?#([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no status link in: ${text.slice(0, 200)}`);
  return m[1]!;
}

/** Runs tasks with at most `n` in flight. */
export async function withConcurrency<T>(items: T[], n: number, run: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i]!, i);
      }
    }),
  );
}
