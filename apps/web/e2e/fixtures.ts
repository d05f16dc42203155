import { createHmac, randomInt } from 'node:crypto';
import type { StoredRole } from '@market/contracts';
import { test as base, expect, type APIRequestContext, type APIResponse } from '@playwright/test';

export { expect };

export interface Account {
  email: string;
  password: string;
}

/**
 * An account of the seeded organization holding a role. A fresh install has no public surface that creates an
 * organization or gives a user a staff role (nor normal_vendor), so the organization and these accounts are the only
 * seed data the suite reads; every record, and every account a public surface can make, is created by the test.
 */
export const seeded = (role: StoredRole): Account => ({ email: `${role.replace(/_/g, '-')}@demo.market`, password: 'Demo-Market-2026' });
export const SUPER_ADMIN = seeded('super_admin');

/** The password of the accounts the tests create. */
const PASSWORD = 'E2e-Market-2026!';

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** The service_role API key, signed with the secret playwright.config.ts gives the server (as the server signs it). */
function serviceKey(): string {
  const secret = process.env.E2E_JWT_SECRET;
  if (!secret) throw new Error('E2E_JWT_SECRET is set by playwright.config.ts');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(
    JSON.stringify({ role: 'service_role', iss: 'market-backoffice', iat: now, exp: now + 3600 }),
  )}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

async function ok<T>(res: APIResponse, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An access token, through the auth service as supabase-js signs in. */
async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const { anonKey } = await ok<{ anonKey: string }>(await request.get('/api/v1/config'), 'config');
  const res = await request.post('/auth/v1/token?grant_type=password', { headers: { apikey: anonKey }, data: account });
  return (await ok<{ access_token: string }>(res, `sign-in of ${account.email}`)).access_token;
}

/** `/api/v1` as one signed-in user; a failed call throws with the server's answer. */
export interface Api {
  get<T = Record<string, unknown>>(path: string): Promise<T>;
  post<T = { id: string }>(path: string, body?: unknown): Promise<T>;
  patch<T = { id: string }>(path: string, body: unknown): Promise<T>;
  put<T = { id: string }>(path: string, body: unknown): Promise<T>;
  upload<T = { id: string }>(path: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<T>;
}

export async function apiAs(request: APIRequestContext, account: Account): Promise<Api> {
  const headers = { authorization: `Bearer ${await tokenOf(request, account)}` };
  const call = async <T>(method: string, path: string, options: object = {}) =>
    ok<T>(await request.fetch(`/api/v1${path}`, { method, headers, ...options }), `${method} ${path}`);
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body === undefined ? {} : { data: body }),
    patch: (path, body) => call('PATCH', path, { data: body }),
    put: (path, body) => call('PUT', path, { data: body }),
    upload: (path, file) => call('POST', path, { multipart: { file } }),
  };
}

/** The auth service's admin API with the service key (GoTrue's /admin/users). */
async function authAdmin<T = { id: string }>(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const key = serviceKey();
  const res = await request.fetch(`/auth/v1/admin${path}`, { method, headers: { apikey: key, authorization: `Bearer ${key}` }, data });
  return ok<T>(res, `${method} /auth/v1/admin${path}`);
}

/** A confirmed e-mail account of no organization. */
export async function createUser(request: APIRequestContext, email: string, fullName = 'E2E User'): Promise<Account & { id: string }> {
  const user = await authAdmin(request, 'POST', '/users', {
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  return { id: user.id, email, password: PASSWORD };
}

/** Gives an account back a known password (an approval's invitation drops the one it had). */
export async function resetPassword(request: APIRequestContext, user: { id: string; email: string }): Promise<Account> {
  await authAdmin(request, 'PUT', `/users/${user.id}`, { password: PASSWORD, email_confirm: true });
  return { email: user.email, password: PASSWORD };
}

export const test = base.extend<{ sfx: string; admin: Api }>({
  // Each test is its own client behind the proxy the server trusts (TRUST_PROXY): the per-address limits of the
  // public forms and sign-in then count one test's requests, as they would count one person's. The addresses are
  // of the documentation prefix (2001:db8::/32): a header value only, nothing is sent to them.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) =>
    provide({ ...extraHTTPHeaders, 'x-forwarded-for': `2001:db8::${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}` }),
  // Unique per test and attempt, so names never collide across workers or with a retry's leftovers.
  sfx: async ({}, provide, info) => provide(`${Date.now().toString(36).slice(-5)}${info.workerIndex}${info.retry}`),
  admin: async ({ request }, provide) => provide(await apiAs(request, SUPER_ADMIN)),
});
