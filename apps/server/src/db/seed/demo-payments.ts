import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import {
  currencies,
  documentCounters,
  feeRules,
  invoiceAdjustments,
  invoiceLines,
  invoices,
  marketAssignments,
  marketCategories,
  marketDays,
  marketSlots,
  paymentAllocations,
  payments,
  refunds,
  vendorLedgerEntries,
} from '../schema/index.js';

// The demo's money (after the bookings and the catalogue's base currency): fee rules, and for the first demo
// bookings issued invoices, payments, a refund and a waiver, so every list of payment management has rows.
// Written as rows (db/ does not import modules), with the entries the API would write for the same events;
// the consistency check of the demo organization reports nothing (demo-payments.test.ts).

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** Half up, once per line: the fee code's rounding. */
const roundHalfUp = (n: bigint, d: bigint) => Number((2n * n + d) / (2n * d));
const cm = (m: number) => BigInt(Math.round(Number(m) * 100));

type Entry = typeof vendorLedgerEntries.$inferInsert;

export async function seedDemoPayments(tx: DbOrTx, orgId: string, managerId: string | null): Promise<void> {
  const [base] = await tx
    .select()
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.isBase, true)));
  if (!base) return;
  const currency = base.code;
  const today = new Date().toISOString().slice(0, 10);
  const cats = await tx.select().from(marketCategories).where(eq(marketCategories.orgId, orgId));
  const food = cats.find((c) => c.nameEn === 'Street food');

  const rules = await tx
    .insert(feeRules)
    .values([
      { orgId, kind: 'flat_per_day' as const, nameEn: 'Stall fee', nameAr: 'رسوم البسطة', amount: 2500, validFrom: '2025-01-01' },
      { orgId, kind: 'per_square_metre' as const, nameEn: 'Pitch size', nameAr: 'مساحة البسطة', amount: 150, validFrom: '2025-01-01' },
      { orgId, kind: 'power' as const, nameEn: 'Power hook-up', nameAr: 'توصيل الكهرباء', amount: 500, validFrom: '2025-01-01' },
      ...(food
        ? [
            {
              orgId,
              kind: 'category' as const,
              nameEn: 'Hot food levy',
              nameAr: 'رسم الطعام الساخن',
              amount: 1000,
              categoryId: food.id,
              validFrom: '2025-01-01',
            },
          ]
        : []),
      {
        orgId,
        kind: 'sales_percentage' as const,
        nameEn: 'Sales share',
        nameAr: 'نسبة المبيعات',
        rateBasisPoints: 500,
        minimumAmount: 1000,
        validFrom: '2025-01-01',
      },
      { orgId, kind: 'fine' as const, nameEn: 'Late setup fine', nameAr: 'غرامة التأخر في التجهيز', amount: 5000, validFrom: '2025-01-01' },
      {
        orgId,
        kind: 'flat_per_day' as const,
        nameEn: 'Stall fee 2024',
        nameAr: 'رسوم البسطة 2024',
        amount: 2000,
        validFrom: '2024-01-01',
        validTo: '2024-12-31',
      },
    ])
    .returning();
  const rule = (n: string) => rules.find((r) => r.nameEn === n)!;

  const booked = await tx
    .select({ a: marketAssignments, date: marketDays.date, slot: marketSlots })
    .from(marketAssignments)
    .innerJoin(marketDays, eq(marketDays.id, marketAssignments.marketDayId))
    .innerJoin(marketSlots, eq(marketSlots.id, marketAssignments.slotId))
    .where(and(eq(marketAssignments.orgId, orgId), inArray(marketAssignments.status, ['confirmed', 'checked_in'])))
    .orderBy(asc(marketDays.date), asc(marketSlots.code))
    .limit(4);

  let invoiceNo = 0;
  let receiptNo = 0;
  const entries: Entry[] = [];
  const entry = (e: Omit<Entry, 'orgId' | 'currency' | 'createdBy'>) => entries.push({ ...e, orgId, currency, createdBy: managerId });

  /** An issued invoice with its lines and one charge entry per line. */
  const invoice = async (
    vendorId: string,
    assignmentId: string | null,
    kind: (typeof invoices.$inferInsert)['kind'],
    dueDate: string,
    lines: { kind: (typeof invoiceLines.$inferInsert)['kind']; en: string; ar: string; amount: number; ruleId: string }[],
  ) => {
    const number = `INV-${String(++invoiceNo).padStart(6, '0')}`;
    const [row] = await tx
      .insert(invoices)
      .values({
        orgId,
        vendorId,
        assignmentId,
        number,
        kind,
        status: 'issued',
        currency,
        issueDate: today,
        dueDate,
        issuedAt: new Date(),
        createdBy: managerId,
      })
      .returning();
    const made = await tx
      .insert(invoiceLines)
      .values(
        lines.map((l, i) => ({
          orgId,
          invoiceId: row!.id,
          position: i,
          kind: l.kind,
          descriptionEn: l.en,
          descriptionAr: l.ar,
          quantity: 1,
          unitAmount: l.amount,
          amount: l.amount,
          feeRuleId: l.ruleId,
        })),
      )
      .returning();
    for (const l of made)
      entry({
        vendorId,
        invoiceId: row!.id,
        entryType: 'charge',
        sourceType: 'invoice_line',
        sourceId: l.id,
        amount: Number(l.amount),
        occurredOn: today,
        memo: l.descriptionEn,
      });
    return { ...row!, total: made.reduce((s, l) => s + Number(l.amount), 0) };
  };

  const pay = async (
    vendorId: string,
    invoiceId: string,
    amount: number,
    method: 'cash' | 'card' | 'bank_transfer',
    reference: string | null,
  ) => {
    const receiptNumber = `RCT-${String(++receiptNo).padStart(6, '0')}`;
    const [p] = await tx
      .insert(payments)
      .values({ orgId, vendorId, method, amount, currency, reference, receiptNumber, takenBy: managerId })
      .returning();
    const [a] = await tx.insert(paymentAllocations).values({ orgId, paymentId: p!.id, invoiceId, amount }).returning();
    entry({
      vendorId,
      invoiceId,
      entryType: 'payment',
      sourceType: 'payment_allocation',
      sourceId: a!.id,
      amount: -amount,
      occurredOn: today,
      memo: `${receiptNumber} ${method}`,
    });
    return p!;
  };

  const made = [];
  for (const { a, date, slot } of booked) {
    const size = roundHalfUp(150n * cm(slot.widthM) * cm(slot.depthM), 10_000n);
    const lines = [
      { kind: 'stall' as const, en: 'Stall fee', ar: 'رسوم البسطة', amount: 2500, ruleId: rule('Stall fee').id },
      { kind: 'size' as const, en: 'Pitch size', ar: 'مساحة البسطة', amount: size, ruleId: rule('Pitch size').id },
      ...(slot.power !== 'none'
        ? [{ kind: 'power' as const, en: 'Power hook-up', ar: 'توصيل الكهرباء', amount: 500, ruleId: rule('Power hook-up').id }]
        : []),
      ...(food && a.categoryId === food.id
        ? [{ kind: 'category' as const, en: 'Hot food levy', ar: 'رسم الطعام الساخن', amount: 1000, ruleId: rule('Hot food levy').id }]
        : []),
    ].filter((l) => l.amount > 0);
    const due = addDays(date, -7) < today ? today : addDays(date, -7);
    made.push(await invoice(a.vendorId, a.id, 'full', due, lines));
  }

  // Paid in full in cash; partly by card with part of it refunded; partly waived; one fine already overdue.
  const [first, second, third, fourth] = made;
  if (first) await pay(first.vendorId, first.id, first.total, 'cash', null);
  if (second) {
    const p = await pay(second.vendorId, second.id, Math.min(2000, second.total), 'card', 'POS 4411');
    const amount = Math.min(500, Math.min(2000, second.total));
    const [r] = await tx
      .insert(refunds)
      .values({
        orgId,
        paymentId: p.id,
        invoiceId: second.id,
        amount,
        method: 'card',
        reason: 'Charged twice at the card terminal',
        createdBy: managerId,
      })
      .returning();
    entry({
      vendorId: second.vendorId,
      invoiceId: second.id,
      entryType: 'refund',
      sourceType: 'refund',
      sourceId: r!.id,
      amount,
      occurredOn: today,
      memo: r!.reason,
    });
  }
  if (third) {
    const amount = Math.min(1000, third.total);
    const [w] = await tx
      .insert(invoiceAdjustments)
      .values({ orgId, invoiceId: third.id, kind: 'waiver', amount, reason: 'Storm damage to the pitch', approvedBy: managerId })
      .returning();
    entry({
      vendorId: third.vendorId,
      invoiceId: third.id,
      entryType: 'waiver',
      sourceType: 'invoice_adjustment',
      sourceId: w!.id,
      amount: -amount,
      occurredOn: today,
      memo: w!.reason,
    });
  }
  const fined = fourth ?? first;
  if (fined)
    await invoice(fined.vendorId, null, 'fine', addDays(today, -3), [
      { kind: 'fine', en: 'Late setup fine', ar: 'غرامة التأخر في التجهيز', amount: 5000, ruleId: rule('Late setup fine').id },
    ]);

  if (entries.length) await tx.insert(vendorLedgerEntries).values(entries);
  const counters = [
    ...(invoiceNo ? [{ orgId, kind: 'invoice', lastNumber: invoiceNo }] : []),
    ...(receiptNo ? [{ orgId, kind: 'receipt', lastNumber: receiptNo }] : []),
  ];
  if (counters.length) await tx.insert(documentCounters).values(counters);
}
