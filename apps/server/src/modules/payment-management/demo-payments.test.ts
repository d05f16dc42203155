import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/seed.js';
import { bearer, tokenFor } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { caller, manualInvoice, ok, type Call } from './payment-management.test-support.js';

let t: TestContext;
let call: Call;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx.db, 'test-secret-that-is-long-enough-for-hs256-0123456789');
  const [org] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const [manager] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'vendor-manager@demo.market'));
  expect(org).toBeDefined();
  call = caller(t.app, bearer(await tokenFor(t.app, { id: manager!.id, email: manager!.email! })));
}, 120_000);
afterAll(async () => t?.close());

describe('demo payments', () => {
  it('gives every list rows and a ledger the consistency check agrees with', async () => {
    const rules = await ok(call('GET', '/fee-rules'));
    expect(rules.length).toBeGreaterThanOrEqual(6);
    const list = await ok(call('GET', '/invoices'));
    const states = new Set(list.items.map((i: { state: string }) => i.state));
    expect([...states].sort()).toEqual(expect.arrayContaining(['overdue', 'paid', 'partially_paid']));
    const payments = await ok(call('GET', '/payments'));
    expect(payments.items.length).toBeGreaterThanOrEqual(2);
    expect(payments.items.some((p: { refunded: number }) => p.refunded > 0)).toBe(true);
    const vendorId = list.items[0].vendorId;
    expect((await ok(call('GET', `/vendors/${vendorId}/ledger`))).entries.length).toBeGreaterThan(0);
    const check = await ok(call('GET', '/ledger/consistency'));
    expect(check.disagreements).toEqual([]);
    expect(check.invoicesChecked).toBeGreaterThanOrEqual(4);
    // The next number follows the seeded ones without a gap.
    const numbers = list.items.map((i: { number: string }) => Number(i.number.slice(4))).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(numbers.map((_: number, i: number) => i + 1));
    const next = await manualInvoice(call, vendorId, 100);
    expect(next.number).toBe(`INV-${String(numbers.length + 1).padStart(6, '0')}`);
  });
});
