import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { caller, ok, openSession, posWorld, saleBody, type PosWorld } from '../pos/pos.test-support.js';

// A register that names a point-of-sale channel sells what that channel's latest snapshot holds (decision 021).
let t: TestContext;
let w: PosWorld;
let admin: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  w = await posWorld(t.app);
  admin = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: w.orgId, role: 'super_admin' }))));
}, 120_000);
afterAll(async () => t?.close());

describe(`a register selling a channel (${driver})`, () => {
  it('offers and sells only the products of its channel’s latest snapshot', async () => {
    const [olive, honey] = w.items;
    const ch = await ok(
      admin('POST', '/catalog-publishing/channels', {
        kind: 'pos',
        name: 'Market stall',
        locales: ['en', 'ar'],
        excludeIds: [honey!.productId],
      }),
      201,
    );
    const web = await ok(admin('POST', '/catalog-publishing/channels', { kind: 'web', name: 'Web shop', locales: ['en'] }), 201);
    // Only a point-of-sale channel of the organization.
    const wrong = await w.call('PATCH', `/pos/registers/${w.register.id}`, { channelId: web.id, expectedUpdatedAt: w.register.updatedAt });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields[0].field).toBe('channelId');
    const reg = await ok(w.call('PATCH', `/pos/registers/${w.register.id}`, { channelId: ch.id, expectedUpdatedAt: w.register.updatedAt }));
    expect(reg.channelId).toBe(ch.id);

    // Never published: nothing to sell.
    expect(await ok(w.call('GET', `/pos/registers/${w.register.id}/lookup?q=${olive!.sku}`))).toEqual([]);
    await ok(admin('POST', `/catalog-publishing/channels/${ch.id}/publish`, {}), 201);

    expect(
      (await ok(w.call('GET', `/pos/registers/${w.register.id}/lookup?q=${olive!.sku}`))).map((x: { productId: string }) => x.productId),
    ).toEqual([olive!.productId]);
    expect(await ok(w.call('GET', `/pos/registers/${w.register.id}/lookup?q=${honey!.sku}`))).toEqual([]);
    const snap = await ok(w.call('GET', `/pos/registers/${w.register.id}/snapshot`));
    const offered = new Set(snap.items.map((x: { productId: string }) => x.productId));
    expect(offered.has(olive!.productId)).toBe(true);
    expect(offered.has(honey!.productId)).toBe(false);

    const session = await openSession(w);
    const refused = await w.call(
      'POST',
      '/pos/orders',
      saleBody(w, session.id, [
        [0, 1],
        [1, 1],
      ]),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([{ field: 'lines.1.productId', message: "is not published in this register's channel" }]);
    await ok(w.call('POST', '/pos/orders', saleBody(w, session.id, [[0, 1]])));

    // A customer order taken for this register keeps to the same channel, when made and when edited.
    const line = (i: number) => ({ productId: w.items[i]!.productId, variantId: w.items[i]!.variantId, quantity: 1 });
    const order = { registerId: w.register.id, fulfilment: 'pickup', customerName: 'Salma Haddad', customerPhone: '+962 7 9000 0000' };
    const both = await w.call('POST', '/pos/customer-orders', { ...order, lines: [line(0), line(1)] });
    expect(both.statusCode).toBe(422);
    expect(both.json().error.fields).toEqual([{ field: 'lines.1.productId', message: "is not published in this register's channel" }]);
    const draft = await ok(w.call('POST', '/pos/customer-orders', { ...order, lines: [line(0)] }), 201);
    const edit = await w.call('PATCH', `/pos/customer-orders/${draft.id}`, { lines: [line(1)], expectedUpdatedAt: draft.updatedAt });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error.fields).toEqual([{ field: 'lines.0.productId', message: "is not published in this register's channel" }]);

    // Without a channel the register sells every active product again.
    const now = await ok(w.call('GET', '/pos/registers?status=all'));
    const current = now.find((r: { id: string }) => r.id === w.register.id);
    await ok(w.call('PATCH', `/pos/registers/${w.register.id}`, { channelId: null, expectedUpdatedAt: current.updatedAt }));
    expect((await ok(w.call('GET', `/pos/registers/${w.register.id}/lookup?q=${honey!.sku}`))).length).toBe(1);
  });
});
