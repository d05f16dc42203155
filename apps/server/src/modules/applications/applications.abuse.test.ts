import { eq } from 'drizzle-orm';
import { PUBLIC_FORM_LIMIT } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, publicFormHits } from '../../db/schema/index.js';
import { driver } from '../../../test/harness.js';
import {
  applicationsOf,
  call,
  formToken,
  startPublicForms,
  vendorBody,
  withConcurrency,
  type MarketForForms,
  type PublicEnv,
} from './applications.public.test-support.js';

/** R13: the public form cannot be flooded, and bots filling the honeypot or racing the form store nothing. */
let env: PublicEnv;
let m: MarketForForms;

beforeAll(async () => {
  ({ env, m } = await startPublicForms());
});
afterAll(async () => env?.close());

const stored = async () => (await applicationsOf(env.app, m.org.id)).length;
const mails = async () => (await env.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orgId, m.org.id))).length;

describe(`application flood and bot rules (R13, ${driver})`, () => {
  it('stores at most 5 of 1,000 submissions from one address; another address is not blocked', async () => {
    const token = await formToken(env.app, m.org.slug);
    env.advance();
    const before = await stored();
    const statuses = new Map<number, number>();
    let retryAfter: unknown;
    let message = '';
    const started = Date.now();
    await withConcurrency(
      Array.from({ length: 1000 }, (_, i) => i),
      16,
      async (i) => {
        const res = await call(
          env.app,
          'POST',
          '/public/applications',
          vendorBody(m, token, { email: `flood-${i}@example.test` }),
          '203.0.113.7',
        );
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 429) {
          retryAfter = res.headers['retry-after'];
          message = res.body.error.message;
          expect(res.body.error.code).toBe('rate_limited');
        }
      },
    );
    const kept = (await stored()) - before;
    console.log(
      `R13 flood: 1000 submissions from one address in ${Date.now() - started} ms, ${kept} stored, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(kept).toBe(PUBLIC_FORM_LIMIT);
    expect(statuses.get(202)).toBe(PUBLIC_FORM_LIMIT);
    expect(statuses.get(429)).toBe(1000 - PUBLIC_FORM_LIMIT);
    expect(retryAfter).toBe('600');
    expect(message).toBe('Too many applications from this address. Try again in 10 minutes.');

    const other = await call(
      env.app,
      'POST',
      '/public/applications',
      vendorBody(m, token, { email: 'neighbour@example.test' }),
      '203.0.113.8',
    );
    expect(other.status).toBe(202);
    expect(await stored()).toBe(before + PUBLIC_FORM_LIMIT + 1);

    // The window slides: once the first hits are ten minutes old, the address may send again.
    env.advance(9 * 60_000);
    const later = await call(env.app, 'POST', '/public/applications', vendorBody(m, token, { email: 'later@example.test' }), '203.0.113.7');
    expect(later.status).toBe(429);
    expect(later.headers['retry-after']).toBe('60');
    expect(later.body.error.message).toBe('Too many applications from this address. Try again in 1 minute.');
    env.advance(2 * 60_000);
    expect(
      (await call(env.app, 'POST', '/public/applications', vendorBody(m, token, { email: 'later@example.test' }), '203.0.113.7')).status,
    ).toBe(202);
  });

  it('drops a filled honeypot silently: 202, nothing stored, no e-mail, yet the hit counts', async () => {
    const token = await formToken(env.app, m.org.slug);
    env.advance();
    const [before, mailsBefore] = [await stored(), await mails()];
    for (let i = 0; i < PUBLIC_FORM_LIMIT; i++) {
      const res = await call(
        env.app,
        'POST',
        '/public/applications',
        vendorBody(m, token, { email: `bot-${i}@example.test` }, { fax: '+1 555 0100' }),
        '198.51.100.1',
      );
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ received: true });
    }
    expect(await stored()).toBe(before);
    expect(await mails()).toBe(mailsBefore);
    const hits = await env.app.ctx.db.select().from(publicFormHits).where(eq(publicFormHits.key, 'apply:198.51.100.1'));
    expect(hits).toHaveLength(PUBLIC_FORM_LIMIT);
    expect((await call(env.app, 'POST', '/public/applications', vendorBody(m, token), '198.51.100.1')).status).toBe(429);
  });

  it('drops a form sent back faster than a person can fill it in, and keeps one sent after the minimum time', async () => {
    const before = await stored();
    const token = await formToken(env.app, m.org.slug);
    env.advance(4_000);
    const res = await call(env.app, 'POST', '/public/applications', vendorBody(m, token, { email: 'fast@example.test' }), '198.51.100.2');
    expect(res.status).toBe(202);
    expect(await stored()).toBe(before);
    env.advance(1_000);
    expect(
      (await call(env.app, 'POST', '/public/applications', vendorBody(m, token, { email: 'fast@example.test' }), '198.51.100.2')).status,
    ).toBe(202);
    expect(await stored()).toBe(before + 1);
  });

  it('does not count malformed submissions, which never reach the flood gate', async () => {
    const token = await formToken(env.app, m.org.slug);
    env.advance();
    for (let i = 0; i < 10; i++) {
      const bad = await call(env.app, 'POST', '/public/applications', { ...vendorBody(m, token), locale: 'fr' }, '198.51.100.3');
      expect(bad.status).toBe(422);
    }
    expect((await call(env.app, 'POST', '/public/applications', vendorBody(m, token), '198.51.100.3')).status).toBe(202);
  });
});
