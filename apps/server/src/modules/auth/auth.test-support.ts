import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app.js';
import { emailOutbox } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { settleDeferred } from './auth.deferred.js';

/** Helpers for the auth tests: they drive the real endpoints through app.inject(). */

export const STRONG_PASSWORD = 'Violet-Harbour-Lantern-93';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 12)}@example.test`;

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string; [k: string]: unknown };
}

/** A POST, then the work it queued after its answer (auth.deferred.ts), so tests see its effects. */
export async function post(app: App, url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  await settleDeferred(app.ctx);
  return res;
}

export async function signIn(app: App, email: string, password: string, remoteAddress?: string): Promise<Session> {
  const res = await post(app, '/auth/v1/token?grant_type=password', { email, password }, {}, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Session;
}

export async function refresh(app: App, token: string) {
  return post(app, '/auth/v1/token?grant_type=refresh_token', { refresh_token: token });
}

/** The newest e-mail to an address, with the link token and the code it carries. */
export async function lastMail(app: App, to: string, template?: string) {
  await settleDeferred(app.ctx);
  const rows = await app.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(sql`lower(${emailOutbox.toAddress}) = lower(${to})`, template ? eq(emailOutbox.template, template) : undefined))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const mail = rows[0];
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return { mail, ...linkParts(mail.textBody) };
}

/** The confirmation page link of an auth e-mail, its parts (token in the fragment, language in the query) and the code. */
export function linkParts(text: string) {
  const link = /(http\S+\/auth\?mode=confirm\S+)/.exec(text)?.[1] ?? null;
  const url = link ? new URL(link) : null;
  const hash = new URLSearchParams(url?.hash.slice(1) ?? '');
  const code = /(?:code|الرمز): (\d{6})/i.exec(text)?.[1] ?? null;
  return {
    link,
    token: hash.get('token_hash'),
    type: hash.get('type'),
    redirectTo: hash.get('redirect_to'),
    lang: url?.searchParams.get('lang') ?? null,
    code,
  };
}

export async function mailCount(app: App, to: string): Promise<number> {
  await settleDeferred(app.ctx);
  const rows = await app.ctx.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = lower(${to})`);
  return rows.length;
}

/**
 * Signs up, confirms through the e-mailed code and chooses the password again (confirming drops the
 * password given at sign-up, decision 008); returns the session of the confirmation.
 */
export async function signUpConfirmed(
  app: App,
  email = uniqueEmail(),
  password = STRONG_PASSWORD,
  data: Record<string, unknown> = {},
): Promise<Session> {
  const res = await post(app, '/auth/v1/signup', { email, password, data });
  expect(res.statusCode, res.body).toBe(200);
  const { code } = await lastMail(app, email, 'confirmation');
  const verified = await post(app, '/auth/v1/verify', { type: 'signup', email, token: code });
  expect(verified.statusCode, verified.body).toBe(200);
  const session = verified.json() as Session;
  const chosen = await app.inject({ method: 'PUT', url: '/auth/v1/user', headers: auth(session.access_token), payload: { password } });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { ...session, user: chosen.json() as Session['user'] };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The headers of a call with the service key, as the admin API wants it. */
export const serviceHeaders = (app: App) => ({ ...auth(app.ctx.keys.service), apikey: app.ctx.keys.service });

/** What an auth test file starts from: the app, and the service key's headers for the admin API. */
export async function startWithServiceKey(): Promise<{ t: TestContext; service: Record<string, string> }> {
  const t = await createTestApp();
  return { t, service: serviceHeaders(t.app) };
}
