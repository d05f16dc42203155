import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@market/contracts/plain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { emitWebhookEvents } from '../audit/index.js';
import { deliverOnce } from './webhooks.delivery.js';
import { webhookSettingsOf } from './webhooks.service.js';
import { isPrivateAddress, resolveTarget } from '../../lib/outbound-address.js';

// Outgoing webhooks against a real HTTP receiver on 127.0.0.1 (this app allows private networks; a second app
// with the operator setting off checks the refusals). Time moves through the job runner's `now`, never by sleeping.

/**
 * Standard Webhooks' reference verification, written from the specification: the key is the base64 after `whsec_`,
 * the signed content `id.timestamp.body`, the header a space-separated list of `v1,<base64>`; a timestamp more than
 * five minutes from the verifier's clock is refused.
 */
function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string, nowSeconds: number): unknown {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    throw new Error('Missing required headers');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) throw new Error('Message timestamp too old or too new');
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  for (const versioned of signatures.split(' ')) {
    const [version, signature] = versioned.split(',');
    if (version !== 'v1' || !signature) continue;
    const given = Buffer.from(signature, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return JSON.parse(body);
  }
  throw new Error('No matching signature found');
}

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real receiver: records each request and answers the next queued status (200 when none is queued). */
async function startReceiver() {
  const received: Received[] = [];
  const replies: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = replies.shift() ?? 200;
      if (status >= 300 && status < 400) res.writeHead(status, { location: 'http://127.0.0.1:9/elsewhere' });
      else res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'thanks' : `refused ${'x'.repeat(3000)}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { received, replies, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let t: TestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let orgId: string;
let admin: Record<string, string>;
let adminEmails: string[];
let marketingEmail: string;

beforeAll(async () => {
  t = await createTestApp({ webhooksAllowPrivateNetworks: true });
  receiver = await startReceiver();
  const org = await createOrg(t.app);
  orgId = org.id;
  const sa = await createUser(t.app, { orgId, role: 'super_admin' });
  const ad = await createUser(t.app, { orgId, role: 'admin' });
  const mk = await createUser(t.app, { orgId, role: 'marketing' });
  admin = bearer(await tokenFor(t.app, sa));
  adminEmails = [sa.email, ad.email].sort();
  marketingEmail = mk.email;
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.replies.length = 0;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers = admin, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

type Endpoint = { id: string; secret: string; updatedAt: string; enabled: boolean; health: Record<string, unknown> };
async function createEndpoint(events: string[], body: Record<string, unknown> = {}, headers = admin): Promise<Endpoint> {
  const res = await call('POST', '/webhook-endpoints', headers, { url: receiver.url, events, description: 'Shop sync', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Runs every webhook job due at `now` until none is left. */
async function drain(now: Date): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await t.app.ctx.jobs.runDue({ now })) === 0) return;
  throw new Error('the queue did not drain');
}

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
const deliveriesOf = (endpointId: string) =>
  t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const dropEndpoint = (id: string) => call('DELETE', `/webhook-endpoints/${id}`);

describe(`outgoing webhooks (${driver})`, () => {
  it('delivers a product event to a real receiver, signed per Standard Webhooks, and logs the attempt', async () => {
    const ep = await createEndpoint(['product.created', 'product.deleted']);
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sku = `WH-${randomUUID().slice(0, 8)}`;
    const made = await call('POST', '/products', admin, { sku, nameEn: 'Honey', status: 'active' });
    expect(made.statusCode, made.body).toBe(201);
    const productId = made.json().id as string;
    // Queued in the product's transaction, sent by the job queue.
    expect(receiver.received).toHaveLength(0);
    await drain(new Date());
    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received as [Received];
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const event = verifyStandardWebhook(ep.secret, headers, body, Math.floor(Date.now() / 1000)) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe('product.created');
    expect(event.data.id).toBe(productId);
    expect(event.data.sku).toBe(sku);
    expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    // A tampered body or another secret does not verify (the verifier is not vacuous).
    expect(() => verifyStandardWebhook(ep.secret, headers, body.replace('product', 'produce'), Math.floor(Date.now() / 1000))).toThrow(
      /signature/,
    );
    const other = (await createEndpoint(['sale.completed'])).secret;
    expect(() => verifyStandardWebhook(other, headers, body, Math.floor(Date.now() / 1000))).toThrow(/signature/);

    // An update is not subscribed: nothing is queued for this endpoint.
    const log = await call('GET', `/webhook-endpoints/${ep.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toHaveLength(1);
    const d = log.json()[0];
    expect(d).toMatchObject({
      eventType: 'product.created',
      status: 'delivered',
      attempts: 1,
      lastResponseStatus: 200,
      messageId: headers['webhook-id'],
    });
    const detail = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries/${d.id}`)).json();
    expect(detail.attemptLog).toHaveLength(1);
    expect(detail.attemptLog[0]).toMatchObject({ responseStatus: 200, responseExcerpt: 'thanks', error: null });
    expect(detail.attemptLog[0].requestHeaders['webhook-id']).toBe(headers['webhook-id']);
    expect(detail.payload.type).toBe('product.created');
    const health = (await call('GET', `/webhook-endpoints/${ep.id}`)).json().health;
    expect(health).toMatchObject({ recentDeliveries: 1, recentDelivered: 1, successRate: 100, failingSince: null, pending: 0 });
    expect(health.lastSuccessAt).not.toBeNull();
    await dropEndpoint(ep.id);
    await dropEndpoint(
      (await call('GET', '/webhook-endpoints')).json().find((e: { events: string[] }) => e.events[0] === 'sale.completed').id,
    );
  });

  it('retries on the schedule with the same webhook-id, a redirect counting as a failure, then gives up', async () => {
    const ep = await createEndpoint(['product.updated']);
    const base = new Date(Date.now() + 60_000);
    await t.app.ctx.db.transaction((tx) =>
      emitWebhookEvents(tx, orgId, [{ type: 'product.updated', data: { id: randomUUID() } }], { now: base }),
    );
    receiver.replies.push(302, 500, 503, 500, 500, 500, 500, 500);
    await drain(base);
    expect(receiver.received).toHaveLength(1);
    let offset = 0;
    for (let attempt = 2; attempt <= WEBHOOK_RETRY_SCHEDULE_SECONDS.length; attempt++) {
      const delay = WEBHOOK_RETRY_SCHEDULE_SECONDS[attempt - 1]!;
      // One second early: nothing is due yet.
      await drain(at(base, offset + delay - 1));
      expect(receiver.received, `attempt ${attempt} ran early`).toHaveLength(attempt - 1);
      offset += delay;
      await drain(at(base, offset));
      expect(receiver.received).toHaveLength(attempt);
    }
    // Every attempt carried the same id, each signed at its own time.
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const stamps = receiver.received.map((r) => Number(r.headers['webhook-timestamp']) - Math.floor(base.getTime() / 1000));
    expect(stamps).toEqual([0, 5, 305, 2105, 9305, 27305, 63305, 99305]);
    const [d] = await deliveriesOf(ep.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });
    // Nothing more after the eighth attempt.
    await drain(at(base, offset + 365 * 24 * 3600));
    expect(receiver.received).toHaveLength(8);
    const detail = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries/${d!.id}`)).json();
    expect(detail.attemptLog.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([302, 500, 503, 500, 500, 500, 500, 500]);
    expect(detail.attemptLog[0].error).toMatch(/Redirects are not followed/);
    expect(detail.attemptLog[1].responseExcerpt.length).toBeLessThanOrEqual(1024);
    expect(detail.attemptLog[1].responseExcerpt).toMatch(/^refused x+$/);
    const health = (await call('GET', `/webhook-endpoints/${ep.id}`)).json().health;
    expect(health).toMatchObject({ recentDeliveries: 1, recentDelivered: 0, successRate: 0, lastSuccessAt: null });
    expect(health.failingSince).toBe(base.toISOString());

    // Replay: one new attempt now, the same webhook-id.
    const replay = await call('POST', `/webhook-endpoints/${ep.id}/deliveries/${d!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json().status).toBe('pending');
    expect((await call('POST', `/webhook-endpoints/${ep.id}/deliveries/${d!.id}/replay`)).statusCode).toBe(409);
    await drain(at(base, offset + 365 * 24 * 3600 + 1));
    expect(receiver.received).toHaveLength(9);
    expect(receiver.received[8]!.headers['webhook-id']).toBe([...ids][0]);
    const after = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries/${d!.id}`)).json();
    expect(after).toMatchObject({ status: 'delivered', attempts: 9 });
    expect((await call('GET', `/webhook-endpoints/${ep.id}`)).json().health.failingSince).toBeNull();
    await dropEndpoint(ep.id);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const ep = await createEndpoint(['publication.published']);
    const rotated = await call('POST', `/webhook-endpoints/${ep.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(201);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(ep.secret);
    expect((await call('GET', `/webhook-endpoints/${ep.id}/secret`)).json().secret).toBe(fresh);
    const now = new Date();
    const emit = (when: Date) =>
      t.app.ctx.db.transaction((tx) =>
        emitWebhookEvents(tx, orgId, [{ type: 'publication.published', data: { id: randomUUID() } }], { now: when }),
      );
    await emit(now);
    // The first attempt is due at the database's clock when queued, a moment after `now` was read.
    await drain(at(now, 2));
    const first = receiver.received[0]!;
    const sigs = String(first.headers['webhook-signature']).split(' ');
    expect(sigs).toHaveLength(2);
    expect(sigs.every((s) => s.startsWith('v1,'))).toBe(true);
    const nowS = Math.floor(now.getTime() / 1000);
    expect(verifyStandardWebhook(ep.secret, first.headers, first.body, nowS)).toBeTruthy();
    expect(verifyStandardWebhook(fresh, first.headers, first.body, nowS)).toBeTruthy();

    const later = at(now, 24 * 3600 + 60);
    await emit(later);
    await drain(later);
    const second = receiver.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const laterS = Math.floor(later.getTime() / 1000);
    expect(verifyStandardWebhook(fresh, second.headers, second.body, laterS)).toBeTruthy();
    expect(() => verifyStandardWebhook(ep.secret, second.headers, second.body, laterS)).toThrow(/signature/);
    await dropEndpoint(ep.id);
  });

  it('sends a test event on request and keeps endpoint edits to the version the screen loaded', async () => {
    const ep = await createEndpoint(['order.created']);
    const test = await call('POST', `/webhook-endpoints/${ep.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await drain(new Date());
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { id: ep.id } });
    expect(receiver.received[0]!.headers['webhook-id']).toBe(test.json().messageId);

    const patched = await call('PATCH', `/webhook-endpoints/${ep.id}`, admin, { enabled: false, expectedUpdatedAt: ep.updatedAt });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().enabled).toBe(false);
    const stale = await call('PATCH', `/webhook-endpoints/${ep.id}`, admin, { enabled: true, expectedUpdatedAt: ep.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fields[0].field).toBe('expectedUpdatedAt');
    // A disabled endpoint gets no events.
    await t.app.ctx.db.transaction((tx) => emitWebhookEvents(tx, orgId, [{ type: 'order.created', data: { id: randomUUID() } }]));
    expect(await deliveriesOf(ep.id)).toHaveLength(1);
    await dropEndpoint(ep.id);
  });

  it('disables an endpoint failing for five days and e-mails the super admins and admins', async () => {
    const ep = await createEndpoint(['assignment.created']);
    const base = new Date(Date.now() + 120_000);
    const emit = (when: Date) =>
      t.app.ctx.db.transaction((tx) =>
        emitWebhookEvents(tx, orgId, [{ type: 'assignment.created', data: { id: randomUUID() } }], { now: when }),
      );
    receiver.replies.push(...Array<number>(40).fill(500));
    await emit(base);
    await drain(base);
    expect((await call('GET', `/webhook-endpoints/${ep.id}`)).json()).toMatchObject({
      enabled: true,
      health: { failingSince: base.toISOString() },
    });
    // Four days later still failing: still enabled.
    await emit(at(base, 4 * 86400));
    await drain(at(base, 4 * 86400));
    expect((await call('GET', `/webhook-endpoints/${ep.id}`)).json().enabled).toBe(true);
    const mails = () =>
      t.app.ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orgId, orgId), eq(emailOutbox.template, 'webhooks.endpoint_disabled')));
    expect(await mails()).toHaveLength(0);
    await emit(at(base, 5 * 86400));
    await drain(at(base, 5 * 86400));
    const now = (await call('GET', `/webhook-endpoints/${ep.id}`)).json();
    expect(now.enabled).toBe(false);
    expect(now.disabledReason).toMatch(/five days/);
    const sent = await mails();
    expect(sent.map((m) => m.toAddress).sort()).toEqual(adminEmails);
    expect(sent.map((m) => m.toAddress)).not.toContain(marketingEmail);
    expect(sent[0]!.textBody).toContain(receiver.url);
    // Disabled: new events are not queued, and no retry of the old ones is sent.
    const before = receiver.received.length;
    await emit(at(base, 6 * 86400));
    await drain(at(base, 30 * 86400));
    expect(receiver.received).toHaveLength(before);
    // Enabling again clears the streak.
    const again = await call('PATCH', `/webhook-endpoints/${ep.id}`, admin, { enabled: true, expectedUpdatedAt: now.updatedAt });
    expect(again.json()).toMatchObject({ enabled: true, disabledReason: null, health: { failingSince: null } });
    await dropEndpoint(ep.id);
  });

  it('keeps endpoints, deliveries and events within their organization', async () => {
    const ep = await createEndpoint(['product.created']);
    const other = await createOrg(t.app);
    const stranger = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: other.id, role: 'super_admin' })));
    expect((await call('GET', '/webhook-endpoints', stranger)).json()).toEqual([]);
    for (const [m, url] of [
      ['GET', `/webhook-endpoints/${ep.id}`],
      ['GET', `/webhook-endpoints/${ep.id}/secret`],
      ['POST', `/webhook-endpoints/${ep.id}/rotate-secret`],
      ['POST', `/webhook-endpoints/${ep.id}/test`],
      ['GET', `/webhook-endpoints/${ep.id}/deliveries`],
      ['DELETE', `/webhook-endpoints/${ep.id}`],
    ] as const)
      expect((await call(m, url, stranger)).statusCode, `${m} ${url}`).toBe(404);
    const patch = await call('PATCH', `/webhook-endpoints/${ep.id}`, stranger, { enabled: false, expectedUpdatedAt: ep.updatedAt });
    expect(patch.statusCode).toBe(404);
    // Another organization's product event does not reach this endpoint.
    await t.app.ctx.db.transaction((tx) => emitWebhookEvents(tx, other.id, [{ type: 'product.created', data: { id: randomUUID() } }]));
    expect(await deliveriesOf(ep.id)).toHaveLength(0);
    // A user without the integrations permission is refused.
    const marketing = bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role: 'marketing' })));
    expect((await call('GET', '/webhook-endpoints', marketing)).statusCode).toBe(403);
    await dropEndpoint(ep.id);
  });

  it('checks the address again when sending: a private address is refused without a request', async () => {
    const ep = await createEndpoint(['product.created']);
    const [id] = await t.app.ctx.db.transaction((tx) =>
      emitWebhookEvents(tx, orgId, [{ type: 'product.created', data: { id: randomUUID() } }]),
    );
    // The operator turned private networks off after the endpoint was saved (or DNS now answers a private address).
    const strict = { ...webhookSettingsOf(t.app.ctx.config), allowPrivate: false };
    const result = await deliverOnce(t.app.ctx, strict, { deliveryId: id!, attempt: 1 }, new Date());
    expect(result).toMatchObject({ delivered: false, status: null });
    expect(receiver.received).toHaveLength(0);
    const res = await call('GET', `/webhook-endpoints/${ep.id}/deliveries/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.attemptLog[0].error).toMatch(/https|private/);
    await t.app.ctx.db.delete(jobs).where(eq(jobs.kind, 'webhook.deliver'));
    await dropEndpoint(ep.id);
  });

  it('never puts a secret in the audit log or the event', async () => {
    const ep = await createEndpoint(['product.created']);
    const row = (await t.app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!;
    expect(row.secretCipher).not.toContain(ep.secret.slice(6, 20));
    await call('POST', `/webhook-endpoints/${ep.id}/rotate-secret`);
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, ep.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'rotate_secret']);
    expect(JSON.stringify(audit)).not.toMatch(/whsec_/);
    await t.app.ctx.db.transaction((tx) =>
      emitWebhookEvents(tx, orgId, [{ type: 'product.created', data: { id: randomUUID(), name: 'x' } }]),
    );
    const [d] = await deliveriesOf(ep.id);
    expect(JSON.stringify(d!.payload)).not.toContain(ep.secret);
    await t.app.ctx.db.delete(jobs).where(eq(jobs.kind, 'webhook.deliver'));
    await dropEndpoint(ep.id);
  });
});

describe('SSRF refusals with private networks off', () => {
  let strict: TestContext;
  let root: Record<string, string>;
  beforeAll(async () => {
    strict = await createTestApp({ webhooksAllowPrivateNetworks: false });
    const org = await createOrg(strict.app);
    root = bearer(await tokenFor(strict.app, await createUser(strict.app, { orgId: org.id, role: 'super_admin' })));
  }, 120_000);
  afterAll(async () => strict?.close());

  it.each([
    'https://127.0.0.1/hook',
    'https://10.20.30.40/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://0.0.0.0/hook',
    'https://[::]/hook',
    'https://224.0.0.1/hook',
    'https://localhost/hook',
    'http://93.184.216.34/hook',
  ])('refuses %s at save time, naming the url', async (url) => {
    const res = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      headers: root,
      payload: { url, events: ['product.created'] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields[0].field).toBe('url');
  });

  it('lets public addresses through and classifies the address forms', async () => {
    await expect(resolveTarget('https://93.184.216.34/hook', false)).resolves.toMatchObject({ address: '93.184.216.34' });
    await expect(resolveTarget('https://[2606:4700:4700::1111]/hook', false)).resolves.toMatchObject({ family: 6 });
    await expect(resolveTarget('http://127.0.0.1:8080/hook', true)).resolves.toMatchObject({ address: '127.0.0.1' });
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
    for (const a of [
      '127.5.5.5',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'ff02::1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
  });
});
