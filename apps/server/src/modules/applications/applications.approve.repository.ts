import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  organizationMemberships,
  userRoles,
  vendorApplicationCategories,
  vendorApplications,
  vendorCategories,
  vendors,
} from '../../db/schema/index.js';
import type { VendorRow } from '../vendors/index.js';

/** The organization's vendor of this type with this e-mail (any case); the unique index allows one at most. */
export async function findVendorByEmail(
  db: DbOrTx,
  orgId: string,
  vendorType: VendorRow['vendorType'],
  email: string,
): Promise<VendorRow | null> {
  const rows = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.orgId, orgId), eq(vendors.vendorType, vendorType), sql`lower(${vendors.email}) = lower(${email})`))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function applicationCategoryIds(db: DbOrTx, applicationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: vendorApplicationCategories.categoryId })
    .from(vendorApplicationCategories)
    .where(eq(vendorApplicationCategories.applicationId, applicationId));
  return rows.map((r) => r.id);
}

/** Adds categories to a vendor, keeping the ones it has; returns those that were new. */
export async function addVendorCategories(db: DbOrTx, orgId: string, vendorId: string, categoryIds: string[]): Promise<string[]> {
  if (!categoryIds.length) return [];
  const rows = await db
    .insert(vendorCategories)
    .values(categoryIds.map((categoryId) => ({ orgId, vendorId, categoryId })))
    .onConflictDoNothing()
    .returning({ id: vendorCategories.categoryId });
  return rows.map((r) => r.id);
}

export async function setApplicationVendor(db: DbOrTx, applicationId: string, vendorId: string): Promise<void> {
  await db.update(vendorApplications).set({ vendorId }).where(eq(vendorApplications.id, applicationId));
}

/** The organization a user belongs to (a user belongs to one at most), or null. */
export async function membershipOf(db: DbOrTx, userId: string): Promise<{ orgId: string } | null> {
  const rows = await db
    .select({ orgId: organizationMemberships.orgId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertMembership(db: DbOrTx, userId: string, orgId: string): Promise<void> {
  await db.insert(organizationMemberships).values({ userId, orgId });
}

/** The stored roles a user holds in an organization. */
export async function rolesOf(db: DbOrTx, userId: string, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.orgId, orgId)));
  return rows.map((r) => r.role);
}

export async function hasRole(db: DbOrTx, userId: string, orgId: string, role: string): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.orgId, orgId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

export async function insertRole(db: DbOrTx, userId: string, orgId: string, role: string): Promise<void> {
  await db.insert(userRoles).values({ userId, orgId, role });
}
