import type { paymentManagementRoutes as c } from '@market/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './fee-rules.repository.js';
import { iso } from './payment-management.shared.js';

type CreateInput = z.infer<typeof c.feeRuleCreateSchema>;
type UpdateInput = z.infer<typeof c.feeRuleUpdateSchema>;
type ListQuery = z.infer<typeof c.feeRuleListQuery>;

export function toFeeRule(r: repo.FeeRuleListRow): c.FeeRule {
  return {
    id: r.id,
    kind: r.kind,
    nameEn: r.nameEn,
    nameAr: r.nameAr,
    amount: Number(r.amount),
    rateBasisPoints: r.rateBasisPoints,
    minimumAmount: Number(r.minimumAmount),
    categoryId: r.categoryId,
    categoryNameEn: r.categoryNameEn,
    categoryNameAr: r.categoryNameAr,
    validFrom: r.validFrom,
    validTo: r.validTo,
    inUse: r.inUse,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

async function loadRule(db: DbOrTx, orgId: string, id: string): Promise<c.FeeRule> {
  const [row] = await repo.listRules(db, orgId, { id });
  if (!row) throw notFound('Fee rule');
  return toFeeRule(row);
}

export async function listRules(db: Db, caller: Caller, q: ListQuery): Promise<c.FeeRule[]> {
  return (await repo.listRules(db, caller.orgId, q)).map(toFeeRule);
}

type Fields = Omit<repo.FeeRuleInsert, 'orgId' | 'id'>;

/** The rule as it will be stored: kind-specific fields checked, fields the kind does not use cleared. */
async function checked(db: DbOrTx, orgId: string, f: Fields): Promise<Fields> {
  if (f.validTo && f.validTo < f.validFrom) throw invalid('validTo', 'must be on or after validFrom');
  if (f.kind === 'category') {
    if (!f.categoryId) throw invalid('categoryId', 'is required for a category rule');
    if (!(await repo.categoryOfOrg(db, orgId, f.categoryId))) throw invalid('categoryId', 'is not a market category of your organization');
  }
  return {
    ...f,
    categoryId: f.kind === 'category' ? f.categoryId : null,
    rateBasisPoints: f.kind === 'sales_percentage' ? (f.rateBasisPoints ?? 0) : 0,
    minimumAmount: f.kind === 'sales_percentage' ? (f.minimumAmount ?? 0) : 0,
    // A sales percentage charges by its rate and minimum only.
    amount: f.kind === 'sales_percentage' ? 0 : (f.amount ?? 0),
  };
}

export async function createRule(db: Db, caller: Caller, input: CreateInput): Promise<c.FeeRule> {
  return db.transaction(async (tx) => {
    const values = await checked(tx, caller.orgId, {
      kind: input.kind,
      nameEn: input.nameEn,
      nameAr: input.nameAr,
      amount: input.amount ?? 0,
      rateBasisPoints: input.rateBasisPoints ?? 0,
      minimumAmount: input.minimumAmount ?? 0,
      categoryId: input.categoryId ?? null,
      validFrom: input.validFrom,
      validTo: input.validTo ?? null,
    });
    const row = await repo.insertRule(tx, { ...values, orgId: caller.orgId, createdBy: caller.userId });
    await recordAudit(tx, caller, { action: 'create', entityType: 'fee_rule', entityId: row.id, after: row });
    return loadRule(tx, caller.orgId, row.id);
  });
}

export async function updateRule(db: Db, caller: Caller, id: string, input: UpdateInput): Promise<c.FeeRule> {
  return db.transaction(async (tx) => {
    const before = await repo.lockRule(tx, caller.orgId, id);
    if (!before) throw notFound('Fee rule');
    assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
    const values = await checked(tx, caller.orgId, {
      kind: before.kind,
      nameEn: input.nameEn ?? before.nameEn,
      nameAr: input.nameAr ?? before.nameAr,
      amount: input.amount ?? before.amount,
      rateBasisPoints: input.rateBasisPoints ?? before.rateBasisPoints,
      minimumAmount: input.minimumAmount ?? before.minimumAmount,
      categoryId: input.categoryId === undefined ? before.categoryId : input.categoryId,
      validFrom: input.validFrom ?? before.validFrom,
      validTo: input.validTo === undefined ? before.validTo : input.validTo,
    });
    // Invoices already made keep their frozen lines: a change prices only what is invoiced from now on.
    const row = await repo.updateRule(tx, id, values);
    await recordAudit(tx, caller, { action: 'update', entityType: 'fee_rule', entityId: id, before, after: row });
    return loadRule(tx, caller.orgId, id);
  });
}

export async function deleteRule(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.lockRule(tx, caller.orgId, id);
    if (!before) throw notFound('Fee rule');
    if (await repo.ruleUsed(tx, id))
      throw conflict('This fee rule is on invoice lines and cannot be removed: end it with an end date (validTo) instead', [
        { field: 'validTo', message: 'set an end date to stop the rule instead of removing it' },
      ]);
    await repo.deleteRule(tx, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'fee_rule', entityId: id, before });
  });
}
