import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currencies, documentCounters } from '../../db/schema/index.js';
import { todayUtc } from '../../lib/dates.js';
import { conflict } from '../../lib/errors.js';

/** The server's calendar date (UTC): issue dates, due dates and "overdue" are read against it (as SQL's current_date). */
export const today = (): string => todayUtc();

export interface BaseCurrency {
  code: string;
  minorDigits: number;
}

export async function baseCurrency(db: DbOrTx, orgId: string): Promise<BaseCurrency | null> {
  const [row] = await db
    .select({ code: currencies.code, minorDigits: currencies.minorDigits })
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.isBase, true)))
    .limit(1);
  return row ?? null;
}

/** Money is written in the organization's base currency; without one, nothing that moves money is accepted. */
export async function requireBaseCurrency(db: DbOrTx, orgId: string): Promise<BaseCurrency> {
  const base = await baseCurrency(db, orgId);
  if (!base) throw conflict('Set a base currency in master data (Currencies) before recording invoices or payments');
  return base;
}

const PREFIX = { invoice: 'INV', receipt: 'RCT' } as const;

/**
 * The next gap-free number of a kind for the organization. The upsert takes the counter row's lock until the
 * transaction ends, so concurrent issuers queue, and a rolled-back transaction gives its number back.
 */
export async function nextNumber(tx: DbOrTx, orgId: string, kind: keyof typeof PREFIX): Promise<string> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ orgId, kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.orgId, documentCounters.kind],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ n: documentCounters.lastNumber });
  return `${PREFIX[kind]}-${String(row!.n).padStart(6, '0')}`;
}

/** A timestamp as the API writes it. */
export const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
