import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { settleDeferred } from './auth.deferred.js';
import { MAX_METADATA_BYTES } from './auth.schemas.js';
import { auth, lastMail, post, signIn, startWithServiceKey, STRONG_PASSWORD, uniqueEmail } from './auth.test-support.js';

/*
 * Abuse suite of the public auth endpoints: enumeration by body and by time, code guessing, password
 * spraying, oversize and malformed input. Prints one line with the cases per class.
 */

let t: TestContext;
let service: Record<string, string>;
let known: TestUser;
let unconfirmed: string;
const cases = { enumerationBody: 0, enumerationTiming: 0, codeGuessing: 0, spraying: 0, oversize: 0, malformed: 0 };

beforeAll(async () => {
  ({ t, service } = await startWithServiceKey());
  known = await createUser(t.app);
  unconfirmed = uniqueEmail('pending');
  expect((await post(t.app, '/auth/v1/signup', { email: unconfirmed, password: STRONG_PASSWORD }, {}, '10.7.0.1')).statusCode).toBe(200);
});
afterAll(async () => {
  console.log(
    `R-auth abuse (${driver}): ${Object.values(cases).reduce((a, b) => a + b, 0)} cases: ` +
      Object.entries(cases)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
  );
  await t?.close();
});

let ipSeq = 0;
/** A fresh client address per call, so the one-e-mail-per-minute limit does not answer instead. */
const freshIp = () => `10.70.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** The answer with what legitimately differs between two calls (ids, times, the address) masked. */
function shape(body: string, email: string): string {
  return body
    .replaceAll(email, '<email>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
}

type Endpoint = { name: string; url: string; body: (email: string) => Record<string, unknown>; knownEmail: () => string };
const ENDPOINTS: Endpoint[] = [
  {
    name: 'signup',
    url: '/auth/v1/signup',
    body: (email) => ({ email, password: STRONG_PASSWORD, data: { full_name: 'Probe' } }),
    knownEmail: () => known.email,
  },
  { name: 'recover', url: '/auth/v1/recover', body: (email) => ({ email }), knownEmail: () => known.email },
  { name: 'otp', url: '/auth/v1/otp', body: (email) => ({ email, create_user: false }), knownEmail: () => known.email },
  { name: 'resend', url: '/auth/v1/resend', body: (email) => ({ type: 'signup', email }), knownEmail: () => unconfirmed },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe(`auth abuse (${driver})`, () => {
  it('answers new, unconfirmed and confirmed addresses with the same status and body', async () => {
    for (const e of ENDPOINTS) {
      const answers = [];
      for (const email of [uniqueEmail('fresh'), unconfirmed, known.email]) {
        const res = await post(t.app, e.url, e.body(email), {}, freshIp());
        answers.push(`${res.statusCode} ${shape(res.body, email)}`);
        cases.enumerationBody++;
      }
      expect(answers[1], e.name).toBe(answers[0]);
      expect(answers[2], e.name).toBe(answers[0]);
    }
  });

  it('takes the same time for known and unknown addresses (medians of 21 calls each)', async () => {
    const once = async (e: Endpoint, email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: e.url, payload: e.body(email), remoteAddress: freshIp() });
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(200);
      // A caller who waits a moment between probes: what an answer queued has run by then. (Probing
      // back to back on PGlite's single connection times the previous probe's work: decision 008.)
      await settleDeferred(t.app.ctx);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return ms;
    };
    const report: string[] = [];
    for (const e of ENDPOINTS) {
      for (let i = 0; i < 5; i++) await once(e, uniqueEmail('warm'));
      // Alternating, so a change of load on the machine weighs on both sides alike.
      const round = async () => {
        const unknownMs: number[] = [];
        const knownMs: number[] = [];
        for (let i = 0; i < 21; i++) {
          unknownMs.push(await once(e, uniqueEmail('timing')));
          knownMs.push(await once(e, e.knownEmail()));
        }
        cases.enumerationTiming += 42;
        return [median(knownMs), median(unknownMs)] as const;
      };
      // Generous, for a loaded 2-core machine (1.5 times plus 2 ms of jitter); before the fix /recover
      // took 3-5 times as long for a known address.
      const close = ([k, u]: readonly [number, number]) => k < u * 1.5 + 2 && u < k * 1.5 + 2;
      // Other test files share the two cores: a round that a burst of their work skews is measured again. A real
      // difference shows in every round; the test fails when all three rounds show one.
      let [k, u] = await round();
      for (let retry = 0; retry < 2 && !close([k, u]); retry++) [k, u] = await round();
      report.push(`${e.name} known ${k.toFixed(1)} ms / unknown ${u.toFixed(1)} ms`);
      expect(k, report.join('; ')).toBeLessThan(u * 1.5 + 2);
      expect(u, report.join('; ')).toBeLessThan(k * 1.5 + 2);
    }
    console.log(`R-auth timing (${driver}): ${report.join('; ')}`);
  });

  it('throttles code guesses per address and client, and guesses never burn the link', async () => {
    const u = await createUser(t.app);
    await post(t.app, '/auth/v1/recover', { email: u.email }, {}, '10.7.1.1');
    const { token, code } = await lastMail(t.app, u.email, 'recovery');
    const wrong = code === '000000' ? '111111' : '000000';
    const guess = (ip: string, c = wrong) => post(t.app, '/auth/v1/verify', { type: 'recovery', email: u.email, token: c }, {}, ip);
    for (let i = 0; i < 5; i++) {
      expect((await guess('10.7.1.2')).statusCode).toBe(403);
      cases.codeGuessing++;
    }
    for (let i = 0; i < 3; i++) {
      const refused = await guess('10.7.1.2', code!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      cases.codeGuessing++;
    }
    // More wrong codes from other addresses spend the code, never the link of the e-mail.
    for (let i = 0; i < 5; i++) {
      await guess(`10.7.2.${i}`);
      cases.codeGuessing++;
    }
    const link = await post(t.app, '/auth/v1/verify', { type: 'recovery', token_hash: token });
    expect(link.statusCode, link.body).toBe(200);
    cases.codeGuessing++;
  });

  it('throttles code guesses of one client across addresses', async () => {
    const ip = '10.7.3.1';
    for (let i = 0; i < 20; i++) {
      const res = await post(t.app, '/auth/v1/verify', { type: 'email', email: uniqueEmail('spray'), token: '123456' }, {}, ip);
      expect(res.statusCode).toBe(403);
      cases.codeGuessing++;
    }
    const refused = await post(t.app, '/auth/v1/verify', { type: 'email', email: uniqueEmail('spray'), token: '123456' }, {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    cases.codeGuessing++;
  });

  it('locks a client out after 20 failed sign-ins across accounts (password spraying)', async () => {
    const ip = '10.7.4.1';
    const own = await createUser(t.app);
    const attempt = (email: string, password = 'Spray-Password-2024!') =>
      post(t.app, '/auth/v1/token?grant_type=password', { email, password }, {}, ip);
    for (let i = 0; i < 19; i++) {
      expect((await attempt(uniqueEmail('victim'))).json()).toMatchObject({ error_code: 'invalid_credentials' });
      cases.spraying++;
    }
    // Signing in to one's own account does not wipe the failures before it.
    expect((await attempt(own.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(uniqueEmail('victim'))).statusCode).toBe(400);
    cases.spraying += 2;
    for (const email of [uniqueEmail('victim'), known.email]) {
      const refused = await attempt(email, email === known.email ? TEST_PASSWORD : undefined);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      cases.spraying++;
    }
    // Another client is not locked out by this one.
    await signIn(t.app, known.email, TEST_PASSWORD, '10.7.4.2');
    cases.spraying++;
  });

  it('refuses oversize metadata on every route that takes it, with 422 naming the field', async () => {
    const big = { blob: 'x'.repeat(MAX_METADATA_BYTES) };
    const session = await signIn(t.app, known.email, TEST_PASSWORD, '10.7.5.1');
    const expect422 = (res: { statusCode: number; json(): Record<string, unknown>; body: string }, field: string) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, error_code: 'validation_failed' });
      expect(String(res.json().msg)).toContain(`${field}:`);
      cases.oversize++;
    };
    const put = (url: string, payload: unknown, headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url, payload: payload as object, headers });
    expect422(await post(t.app, '/auth/v1/signup', { email: uniqueEmail(), password: STRONG_PASSWORD, data: big }, {}, freshIp()), 'data');
    expect422(await post(t.app, '/auth/v1/otp', { email: uniqueEmail(), data: big }, {}, freshIp()), 'data');
    expect422(await put('/auth/v1/user', { data: big }, auth(session.access_token)), 'data');
    expect422(await post(t.app, '/auth/v1/admin/users', { email: uniqueEmail(), user_metadata: big }, service), 'user_metadata');
    expect422(await post(t.app, '/auth/v1/admin/users', { email: uniqueEmail(), app_metadata: big }, service), 'app_metadata');
    expect422(await put(`/auth/v1/admin/users/${known.id}`, { user_metadata: big }, service), 'user_metadata');
    expect422(await put(`/auth/v1/admin/users/${known.id}`, { app_metadata: big }, service), 'app_metadata');
    expect422(await post(t.app, '/auth/v1/invite', { email: uniqueEmail(), data: big }, service), 'data');
    expect422(await post(t.app, '/auth/v1/admin/generate_link', { type: 'magiclink', email: known.email, data: big }, service), 'data');
    // Metadata grown in small steps is capped as well: the merged result counts.
    const half = 'y'.repeat(MAX_METADATA_BYTES / 2);
    expect((await put('/auth/v1/user', { data: { a: half } }, auth(session.access_token))).statusCode).toBe(200);
    expect422(await put('/auth/v1/user', { data: { b: half } }, auth(session.access_token)), 'data');
    expect((await put(`/auth/v1/admin/users/${known.id}`, { app_metadata: { a: half } }, service)).statusCode).toBe(200);
    expect422(await put(`/auth/v1/admin/users/${known.id}`, { app_metadata: { b: half } }, service), 'app_metadata');
    // About 1 MB, as in the report, is refused too, and the account still signs in afterwards.
    expect422(await put('/auth/v1/user', { data: { blob: 'z'.repeat(900_000) } }, auth(session.access_token)), 'data');
    const again = await signIn(t.app, known.email, TEST_PASSWORD, '10.7.5.1');
    expect(again.access_token.length).toBeLessThan(40_000);
    // Oversize strings are refused before any work.
    for (const [url, body] of [
      ['/auth/v1/signup', { email: `${'a'.repeat(5000)}@b.co`, password: STRONG_PASSWORD }],
      ['/auth/v1/signup', { email: uniqueEmail(), password: 'p'.repeat(5000) }],
      ['/auth/v1/token?grant_type=password', { email: known.email, password: 'p'.repeat(5000) }],
      ['/auth/v1/recover', { email: `${'a'.repeat(300)}@b.co` }],
      ['/auth/v1/verify', { type: 'email', email: known.email, token: '1'.repeat(5000) }],
    ] as const) {
      const res = await post(t.app, url, body, {}, freshIp());
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      cases.oversize++;
    }
  });

  it('answers malformed input on every public endpoint with a GoTrue 4xx, never 5xx', async () => {
    const urls = [
      '/auth/v1/signup',
      '/auth/v1/token?grant_type=password',
      '/auth/v1/token?grant_type=refresh_token',
      '/auth/v1/otp',
      '/auth/v1/recover',
      '/auth/v1/resend',
      '/auth/v1/verify',
    ];
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const raw = [
      '{"email": ',
      '[]',
      '"text"',
      '{"email": {"$gt": ""}}',
      '{"email": 42, "password": []}',
      JSON.stringify({ email: known.email, data: deep, password: 'x' }),
    ];
    for (const url of urls) {
      for (const payload of raw) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, `${url} ${payload.slice(0, 40)} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${payload.slice(0, 40)} ${res.body}`).toBeLessThan(500);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'error_code', 'msg']);
        cases.malformed++;
      }
    }
  });
});
