import { vendorsRoutes as r } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { vendors } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { AppError, conflict, invalid, isUniqueViolation, notFound, type FieldError } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { existingCategoryIds } from '../market-categories/index.js';
import * as docs from './vendors.documents.repository.js';
import { toColumns, toListItem, toVendor } from './vendors.mapping.js';
import * as repo from './vendors.repository.js';
import { juniorProblems, type JuniorFields } from './vendors.rules.js';
import * as users from './vendors.users.repository.js';

const DEFAULT_PAGE_SIZE = 25;
const TYPE_LABEL = { market: 'market vendor', junior: 'junior vendor', normal: 'vendor' } as const;

const validation = (problems: FieldError[]) =>
  new AppError(422, 'validation_failed', problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);

const duplicateEmail = (type: keyof typeof TYPE_LABEL) =>
  conflict(`Another ${TYPE_LABEL[type]} of your organization already uses this e-mail address`, [
    { field: 'email', message: `is already used by another ${TYPE_LABEL[type]}` },
  ]);

function juniorFieldsOf(v: Partial<repo.VendorInsert>): JuniorFields {
  return {
    dateOfBirth: v.dateOfBirth ?? null,
    guardianName: v.guardianName ?? null,
    guardianPhone: v.guardianPhone ?? null,
    guardianEmail: v.guardianEmail ?? null,
    guardianConsentAt: v.guardianConsentAt ? v.guardianConsentAt.toISOString() : null,
    school: v.school ?? null,
  };
}

/** A vendor of the caller's organization with everything its page shows; 404 for any other. */
export async function loadVendor(db: DbOrTx, orgId: string, id: string, today = todayUtc()): Promise<r.Vendor> {
  const v = await repo.findVendor(db, orgId, id);
  if (!v) throw notFound('Vendor');
  // One after another: inside a transaction the queries share a single connection anyway.
  const categories = await repo.categoriesOf(db, orgId, [id]);
  const documents = await docs.documentsOf(db, orgId, id);
  const linked = await users.linkedUsersOf(db, orgId, [id]);
  return toVendor(v, categories, documents, linked, today);
}

export async function listVendors(db: Db, caller: Caller, q: r.VendorListQuery): Promise<r.VendorPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const today = todayUtc();
  const { rows, total } = await repo.listVendors(db, caller.orgId, {
    vendorType: q.vendorType,
    status: q.status,
    categoryId: q.categoryId,
    q: q.q || undefined,
    expiringBy: q.expiringWithinDays === undefined ? undefined : addDays(today, q.expiringWithinDays),
    sort: q.sort ?? 'name',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const ids = rows.map((v) => v.id);
  const categories = await repo.categoriesOf(db, caller.orgId, ids);
  const summaries = await repo.documentSummaries(db, caller.orgId, ids, today, addDays(today, r.EXPIRY_WARNING_DAYS));
  const linked = await users.linkedUsersOf(db, caller.orgId, ids);
  const items = rows.map((v) =>
    toListItem(
      v,
      categories.filter((c) => c.vendorId === v.id),
      summaries.find((s) => s.vendorId === v.id),
      linked.filter((u) => u.vendorId === v.id),
    ),
  );
  return { items, total, page, pageSize };
}

export async function createVendor(db: Db, caller: Caller, input: r.VendorCreate): Promise<r.Vendor> {
  const now = new Date();
  const columns = toColumns(input);
  const problems = juniorProblems(input.vendorType, juniorFieldsOf(columns), todayUtc(now), now);
  if (problems.length) throw validation(problems);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertVendor(tx, {
        ...columns,
        publicName: input.publicName.trim(),
        orgId: caller.orgId,
        vendorType: input.vendorType,
      });
      await recordAudit(tx, caller, { action: 'create', entityType: 'vendor', entityId: row.id, after: row });
      return loadVendor(tx, caller.orgId, row.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateEmail(input.vendorType);
    throw err;
  }
}

export async function updateVendor(db: Db, caller: Caller, id: string, input: r.VendorUpdate): Promise<r.Vendor> {
  let type: keyof typeof TYPE_LABEL = 'market';
  try {
    return await db.transaction(async (tx) => {
      await lockUnchanged(tx, vendors, and(eq(vendors.orgId, caller.orgId), eq(vendors.id, id)), input.expectedUpdatedAt);
      const before = await repo.findVendor(tx, caller.orgId, id);
      if (!before) throw notFound('Vendor');
      type = before.vendorType;
      const columns = toColumns(input);
      // The age rule applies on the day the vendor was created, so a birthday since then changes nothing.
      const problems = juniorProblems(before.vendorType, juniorFieldsOf({ ...before, ...columns }), todayUtc(before.createdAt));
      if (problems.length) throw validation(problems);
      const row = await repo.updateVendor(tx, caller.orgId, id, columns);
      await recordAudit(tx, caller, { action: 'update', entityType: 'vendor', entityId: id, before, after: row });
      return loadVendor(tx, caller.orgId, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateEmail(type);
    throw err;
  }
}

export async function changeStatus(
  db: Db,
  caller: Caller,
  id: string,
  input: { status: r.VendorStatus; reason?: string | null },
): Promise<r.Vendor> {
  const reason = input.reason?.trim() || null;
  if (input.status !== 'active' && !reason) {
    throw invalid('reason', `is required to ${input.status === 'suspended' ? 'suspend' : 'blocklist'} a vendor`);
  }
  return db.transaction(async (tx) => {
    const before = await repo.findVendor(tx, caller.orgId, id);
    if (!before) throw notFound('Vendor');
    await repo.updateVendor(tx, caller.orgId, id, { status: input.status, statusReason: reason });
    await recordAudit(tx, caller, {
      action: 'status',
      entityType: 'vendor',
      entityId: id,
      before: { status: before.status, reason: before.statusReason },
      after: { status: input.status, reason },
    });
    return loadVendor(tx, caller.orgId, id);
  });
}

export async function setCategories(
  db: Db,
  caller: Caller,
  id: string,
  categoryIds: string[],
  expectedUpdatedAt: string,
): Promise<r.Vendor> {
  const wanted = [...new Set(categoryIds)];
  return db.transaction(async (tx) => {
    // The categories are part of the vendor's record: its stamp is their version.
    await lockUnchanged(tx, vendors, and(eq(vendors.orgId, caller.orgId), eq(vendors.id, id)), expectedUpdatedAt);
    if (!(await repo.findVendor(tx, caller.orgId, id))) throw notFound('Vendor');
    const known = await existingCategoryIds(tx, caller.orgId, wanted);
    const unknown = wanted.filter((c) => !known.has(c));
    if (unknown.length)
      throw invalid(
        'categoryIds',
        `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a market category' : 'are not market categories'} of your organization`,
      );
    const before = (await repo.categoriesOf(tx, caller.orgId, [id])).map((c) => c.id);
    await repo.replaceCategories(tx, caller.orgId, id, wanted);
    await repo.touchVendor(tx, id);
    await recordAudit(tx, caller, {
      action: 'categories',
      entityType: 'vendor',
      entityId: id,
      before: { categoryIds: before },
      after: { categoryIds: wanted },
    });
    return loadVendor(tx, caller.orgId, id);
  });
}

export async function linkUser(db: Db, caller: Caller, id: string, email: string): Promise<r.VendorUser> {
  const taken = () =>
    conflict('This user account already acts for another vendor; a user acts for one vendor at most', [
      { field: 'email', message: 'already acts for another vendor' },
    ]);
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.findVendor(tx, caller.orgId, id))) throw notFound('Vendor');
      // The same answer whether the account does not exist or belongs to another organization.
      const user = await users.findOrgMemberByEmail(tx, caller.orgId, email);
      if (!user) throw invalid('email', 'no user account of your organization has this e-mail address');
      const current = await users.vendorOfUser(tx, user.id);
      if (current?.vendorId === id)
        throw conflict('This user account already acts for this vendor', [{ field: 'email', message: 'is already linked to this vendor' }]);
      if (current?.orgId === caller.orgId) {
        throw conflict(`This user account already acts for ${current.publicName}; a user acts for one vendor at most`, [
          { field: 'email', message: `already acts for ${current.publicName}` },
        ]);
      }
      if (current) throw taken();
      await users.insertLink(tx, caller.orgId, id, user.id);
      await repo.touchVendor(tx, id);
      await recordAudit(tx, caller, { action: 'link_user', entityType: 'vendor', entityId: id, after: { userId: user.id, email } });
      const linked = (await users.linkedUsersOf(tx, caller.orgId, [id])).find((u) => u.userId === user.id)!;
      return { userId: linked.userId, email: linked.email, fullName: linked.fullName, linkedAt: linked.linkedAt.toISOString() };
    });
  } catch (err) {
    // Two staff linking the same account at once: the unique index decides.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

export async function unlinkUser(db: Db, caller: Caller, id: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.findVendor(tx, caller.orgId, id))) throw notFound('Vendor');
    if (!(await users.deleteLink(tx, caller.orgId, id, userId))) throw notFound('Linked user');
    await repo.touchVendor(tx, id);
    await recordAudit(tx, caller, { action: 'unlink_user', entityType: 'vendor', entityId: id, before: { userId } });
  });
}
