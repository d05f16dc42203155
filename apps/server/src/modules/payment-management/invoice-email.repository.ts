import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, currencies, organizations, vendors } from '../../db/schema/index.js';

/** The vendor's name and e-mail address as its record holds them (null address: none on file). */
export async function vendorContact(db: DbOrTx, orgId: string, vendorId: string) {
  const [row] = await db
    .select({ name: vendors.publicName, email: vendors.email })
    .from(vendors)
    .where(and(eq(vendors.orgId, orgId), eq(vendors.id, vendorId)));
  return row ?? null;
}

export async function organizationName(db: DbOrTx, orgId: string): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  return row?.name ?? '';
}

/** The minor digits of the invoice's currency in the organization's master data (null when it is not there any more). */
export async function minorDigitsOf(db: DbOrTx, orgId: string, code: string): Promise<number | null> {
  const [row] = await db
    .select({ digits: currencies.minorDigits })
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.code, code)))
    .limit(1);
  return row?.digits ?? null;
}

/**
 * How many times a record (an invoice, a receipt) was e-mailed in the last hour: its audit rows of that action, on the database's clock.
 * Read under the record's lock, so a concurrent send of the same record has committed (and counts) or waits.
 */
export async function emailsInLastHour(
  db: DbOrTx,
  orgId: string,
  entityType: string,
  entityId: string,
  action = 'email_sent',
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.orgId, orgId),
        eq(auditLog.entityType, entityType),
        eq(auditLog.entityId, entityId),
        eq(auditLog.action, action),
        gt(auditLog.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return Number(row?.n ?? 0);
}
