import type { posRoutes as c } from '@market/contracts';
import { POS_TENDERS } from '@market/contracts/plain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { catalogCategories, posCashMoves, posRegisters, posSessions, users, vendors } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './pos-orders.repository.js';
import { assertMayUseRegister } from './pos-access.service.js';
import { nameOfUser } from './pos-orders.service.js';

// Cash sessions: opened by counting the float, cash in and out with a reason, an X report at any time, and a
// close that counts each tender. Totals are kept as sales happen (pos-orders.service.ts), so closing reads the
// session row and its few totals rows: the same work for 5 sales or 5,000.

const openedBy = alias(users, 'opened_by_user');
const closedBy = alias(users, 'closed_by_user');
const nameOf = (u: { rawUserMetaData: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string | null>`coalesce(${u.rawUserMetaData}->>'full_name', ${u.rawUserMetaData}->>'name', ${u.email})`;

const sessionSelect = {
  s: posSessions,
  registerName: posRegisters.name,
  openedByName: nameOf(openedBy),
  closedByName: nameOf(closedBy),
};

async function sessionRows(db: DbOrTx, orgId: string, where: ReturnType<typeof and>, limit = 200) {
  return db
    .select(sessionSelect)
    .from(posSessions)
    .innerJoin(posRegisters, eq(posRegisters.id, posSessions.registerId))
    .leftJoin(openedBy, eq(openedBy.id, posSessions.openedBy))
    .leftJoin(closedBy, eq(closedBy.id, posSessions.closedBy))
    .where(and(eq(posSessions.orgId, orgId), where))
    .orderBy(desc(posSessions.openedAt), asc(posSessions.id))
    .limit(limit);
}

type SessionView = Awaited<ReturnType<typeof sessionRows>>[number];

/** Cash the drawer should hold: the float, cash kept from sales (net of change and cash refunds), cash in, less cash out. */
export const expectedCashOf = (s: repo.SessionRow) => s.openingFloat + s.cashSales + s.cashIn - s.cashOut;

function toSession(v: SessionView): c.PosSession {
  const s = v.s;
  return {
    id: s.id,
    registerId: s.registerId,
    registerName: v.registerName,
    status: s.status,
    openedAt: s.openedAt.toISOString(),
    openedByName: v.openedByName,
    openingFloat: s.openingFloat,
    openingNote: s.openingNote,
    closedAt: s.closedAt?.toISOString() ?? null,
    closedByName: v.closedByName,
    closingNote: s.closingNote,
    saleCount: s.saleCount,
    returnCount: s.returnCount,
    grossSales: s.grossSales,
    returns: s.returns,
    discounts: s.discounts,
    taxes: s.taxes,
    cashIn: s.cashIn,
    cashOut: s.cashOut,
    expectedCash: expectedCashOf(s),
    closing: (s.closing as c.PosTenderCount[] | null) ?? null,
  };
}

async function loadSession(db: DbOrTx, orgId: string, id: string): Promise<c.PosSession> {
  const [row] = await sessionRows(db, orgId, eq(posSessions.id, id), 1);
  if (!row) throw notFound('Session');
  return toSession(row);
}

export async function listSessions(
  db: Db,
  caller: Caller,
  q: { registerId?: string; status?: 'open' | 'closed' },
): Promise<c.PosSession[]> {
  const rows = await sessionRows(
    db,
    caller.orgId,
    and(q.registerId ? eq(posSessions.registerId, q.registerId) : undefined, q.status ? eq(posSessions.status, q.status) : undefined),
  );
  return rows.map(toSession);
}

export const getSession = (db: Db, caller: Caller, id: string) => loadSession(db, caller.orgId, id);

export async function openSession(db: Db, caller: Caller, input: c.PosSessionOpen): Promise<c.PosSession> {
  try {
    return await db.transaction(async (tx) => {
      const register = await repo.findRegister(tx, caller.orgId, input.registerId);
      if (!register) throw invalid('registerId', 'is not a register');
      assertMayUseRegister(caller, register);
      if (register.status !== 'active') throw conflict('This register is archived', [{ field: 'registerId', message: 'is archived' }]);
      const [row] = await tx
        .insert(posSessions)
        .values({
          orgId: caller.orgId,
          registerId: register.id,
          openedBy: caller.userId,
          openingFloat: input.openingFloat,
          openingNote: input.note ?? '',
        })
        .returning({ id: posSessions.id });
      const session = await loadSession(tx, caller.orgId, row!.id);
      await recordAudit(tx, caller, { action: 'open', entityType: 'pos_session', entityId: row!.id, after: session });
      return session;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('This register already has an open session: continue it or close it first', [
        { field: 'registerId', message: 'already has an open session' },
      ]);
    throw err;
  }
}

async function lockOwnSession(tx: Tx, caller: Caller, id: string): Promise<repo.SessionRow> {
  const [s] = await tx
    .select()
    .from(posSessions)
    .where(and(eq(posSessions.orgId, caller.orgId), eq(posSessions.id, id)))
    .for('update');
  if (!s) throw notFound('Session');
  return s;
}

const closedAlready = () => conflict('This session is closed: its figures are final', [{ field: 'id', message: 'is closed' }]);

export async function addCashMove(tx: Tx, caller: Caller, sessionId: string, input: c.PosCashMoveCreate): Promise<c.PosCashMove> {
  const s = await lockOwnSession(tx, caller, sessionId);
  assertMayUseRegister(caller, (await repo.findRegister(tx, caller.orgId, s.registerId))!);
  if (s.status !== 'open') throw closedAlready();
  if (input.kind === 'out' && input.amount > expectedCashOf(s))
    throw invalid('amount', `is more than the ${expectedCashOf(s)} the drawer should hold`);
  const move = await recordCashMove(tx, caller, sessionId, input.kind, input.amount, input.reason);
  return {
    id: move.id,
    kind: move.kind,
    amount: move.amount,
    reason: move.reason,
    byName: nameOfUser(caller),
    createdAt: move.createdAt.toISOString(),
  };
}

/** Cash into or out of a session's drawer, added to its running totals (the caller holds the session's lock). */
export async function recordCashMove(tx: Tx, caller: Caller, sessionId: string, kind: 'in' | 'out', amount: number, reason: string) {
  const [move] = await tx
    .insert(posCashMoves)
    .values({ orgId: caller.orgId, sessionId, kind, amount, reason, createdBy: caller.userId })
    .returning();
  await repo.addToSession(tx, sessionId, kind === 'in' ? { cashIn: amount } : { cashOut: amount });
  return move!;
}

/** The report of a session from its running totals (a handful of rows), named for people. */
async function buildReport(db: DbOrTx, orgId: string, session: c.PosSession, kind: 'x' | 'z', takenAt: Date): Promise<c.PosSessionReport> {
  const totals = await repo.totalsOf(db, session.id);
  const of = (d: repo.TotalsRow['dimension']) => totals.filter((t) => t.dimension === d);
  const vendorIds = of('vendor').flatMap((t) => (t.key ? [t.key] : []));
  const categoryIds = of('category').flatMap((t) => (t.key ? [t.key] : []));
  const vendorNames = new Map(
    vendorIds.length
      ? (await db.select({ id: vendors.id, name: vendors.publicName }).from(vendors).where(inArray(vendors.id, vendorIds))).map((v) => [
          v.id,
          v.name,
        ])
      : [],
  );
  const categories = new Map(
    categoryIds.length
      ? (
          await db
            .select({ id: catalogCategories.id, en: catalogCategories.nameEn, ar: catalogCategories.nameAr })
            .from(catalogCategories)
            .where(inArray(catalogCategories.id, categoryIds))
        ).map((x) => [x.id, x])
      : [],
  );
  const moves = await db
    .select({ m: posCashMoves, byName: nameOf(users) })
    .from(posCashMoves)
    .leftJoin(users, eq(users.id, posCashMoves.createdBy))
    .where(and(eq(posCashMoves.orgId, orgId), eq(posCashMoves.sessionId, session.id)))
    .orderBy(asc(posCashMoves.createdAt));
  const tenderRank = (t: string) => POS_TENDERS.indexOf(t as (typeof POS_TENDERS)[number]);
  return {
    kind,
    session,
    takenAt: takenAt.toISOString(),
    byTender: of('tender')
      .sort((a, b) => tenderRank(a.key) - tenderRank(b.key))
      .map((t) => ({
        tender: t.key as c.PosTenderCount['tender'],
        taken: t.sold,
        refunded: t.returned,
        change: t.change,
        net: t.sold - t.change - t.returned,
      })),
    byVendor: of('vendor')
      .map((t) => ({
        vendorId: t.key || null,
        vendorName: t.key ? (vendorNames.get(t.key) ?? null) : null,
        gross: t.sold,
        returns: t.returned,
        net: t.sold - t.returned,
        commission: t.commission,
        payable: t.sold - t.returned - t.commission,
      }))
      .sort((a, b) => b.net - a.net || (a.vendorName ?? '').localeCompare(b.vendorName ?? '')),
    byCategory: of('category')
      .map((t) => {
        const cat = t.key ? categories.get(t.key) : undefined;
        return {
          categoryId: t.key || null,
          nameEn: cat?.en ?? null,
          nameAr: cat?.ar ?? null,
          gross: t.sold,
          returns: t.returned,
          net: t.sold - t.returned,
        };
      })
      .sort((a, b) => b.net - a.net),
    byTax: of('tax')
      .map((t) => ({ rateBasisPoints: Number(t.key), taxable: t.taxable, tax: t.tax }))
      .sort((a, b) => a.rateBasisPoints - b.rateBasisPoints),
    cashMoves: moves.map(({ m, byName }) => ({
      id: m.id,
      kind: m.kind,
      amount: m.amount,
      reason: m.reason,
      byName,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** An open session's X report (its figures now), or the Z report a closed session keeps. */
export async function sessionReport(db: Db, caller: Caller, id: string): Promise<c.PosSessionReport> {
  const session = await loadSession(db, caller.orgId, id);
  if (session.status === 'closed') {
    const [row] = await db.select({ z: posSessions.zReport }).from(posSessions).where(eq(posSessions.id, id));
    return row!.z as c.PosSessionReport;
  }
  return buildReport(db, caller.orgId, session, 'x', new Date());
}

/**
 * Closes a session: per tender the expected amount (from the running totals), what was counted and the
 * difference, recorded once with the Z report snapshot; the row can never change again (a trigger refuses it).
 */
export async function closeSession(db: Db, caller: Caller, id: string, input: c.PosSessionClose): Promise<c.PosSessionReport> {
  return db.transaction(async (tx) => {
    const s = await lockOwnSession(tx, caller, id);
    if (s.status !== 'open') throw closedAlready();
    const register = (await repo.findRegister(tx, caller.orgId, s.registerId))!;
    assertMayUseRegister(caller, register);
    for (const [i, counted] of input.counted.entries())
      if (!register.tenders.includes(counted.tender)) throw invalid(`counted.${i}.tender`, 'is not a tender of this register');
    const totals = (await repo.totalsOf(tx, id)).filter((t) => t.dimension === 'tender');
    const expected = (tender: string) => {
      if (tender === 'cash') return expectedCashOf(s);
      const t = totals.find((x) => x.key === tender);
      return t ? t.sold - t.change - t.returned : 0;
    };
    const tenders = POS_TENDERS.filter((t) => register.tenders.includes(t) || totals.some((x) => x.key === t));
    const closing: c.PosTenderCount[] = tenders.map((tender) => {
      const counted = input.counted.find((x) => x.tender === tender)?.amount ?? 0;
      return { tender, expected: expected(tender), counted, difference: counted - expected(tender) };
    });
    const closedAt = new Date();
    // Close first, then snapshot the session as closed into the report, in one statement each under the lock.
    await tx
      .update(posSessions)
      .set({ status: 'open', closing, closedAt, closedBy: caller.userId, closingNote: input.note ?? '' })
      .where(eq(posSessions.id, id));
    const session = { ...(await loadSession(tx, caller.orgId, id)), status: 'closed' as const };
    const report = await buildReport(tx, caller.orgId, session, 'z', closedAt);
    await tx.update(posSessions).set({ status: 'closed', zReport: report }).where(eq(posSessions.id, id));
    await recordAudit(tx, caller, { action: 'close', entityType: 'pos_session', entityId: id, after: { closing, note: input.note ?? '' } });
    return report;
  });
}
