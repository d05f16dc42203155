import type { posRoutes as c } from '@market/contracts';
import { POS_TENDERS } from '@market/contracts/plain';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { posRegisters } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { assertCashiers, assertPosManager } from './pos-access.service.js';
import * as repo from './pos-registers.repository.js';

const toRegister = (r: repo.RegisterRow): c.PosRegister => ({
  id: r.id,
  name: r.name,
  locationId: r.locationId,
  locationNameEn: r.locationNameEn,
  locationNameAr: r.locationNameAr,
  openingFloat: r.openingFloat,
  tenders: r.tenders as c.PosRegister['tenders'],
  receiptHeaderEn: r.receiptHeaderEn,
  receiptHeaderAr: r.receiptHeaderAr,
  receiptFooterEn: r.receiptFooterEn,
  receiptFooterAr: r.receiptFooterAr,
  allowNegativeStock: r.allowNegativeStock,
  cashierIds: r.cashierIds,
  channelId: r.channelId,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const nameTaken = () =>
  conflict('Another register already has this name', [{ field: 'name', message: 'is already used by another register' }]);

async function assertLocation(db: DbOrTx, orgId: string, locationId: string | null | undefined): Promise<void> {
  // Another organization's location reads as no location at all (its existence is not revealed).
  if (locationId && !(await repo.locationIsOrgs(db, orgId, locationId))) throw invalid('locationId', 'is not a market location');
}

async function assertChannel(db: DbOrTx, orgId: string, channelId: string | null | undefined): Promise<void> {
  // Another organization's channel, or one that is not for a register, reads as no such channel.
  if (channelId && !(await repo.posChannelIsOrgs(db, orgId, channelId))) throw invalid('channelId', 'is not a point-of-sale channel');
}

/** The tenders in the contract's order, each once (a register's tenders are a set). */
const tenderSet = (t: c.PosRegisterCreate['tenders']) => t && POS_TENDERS.filter((x) => t.includes(x));

export async function listRegisters(db: Db, caller: Caller, status: 'active' | 'archived' | 'all' = 'active'): Promise<c.PosRegister[]> {
  return (await repo.listRegisters(db, caller.orgId, status === 'all' ? undefined : status)).map(toRegister);
}

export async function listPosChannels(db: Db, caller: Caller): Promise<c.PosChannel[]> {
  return repo.listPosChannels(db, caller.orgId);
}

export async function createRegister(db: Db, caller: Caller, input: c.PosRegisterCreate): Promise<c.PosRegister> {
  try {
    return await db.transaction(async (tx) => {
      await assertLocation(tx, caller.orgId, input.locationId);
      await assertChannel(tx, caller.orgId, input.channelId);
      if (input.cashierIds?.length) assertPosManager(caller, 'who may use a register');
      await assertCashiers(tx, caller, input.cashierIds);
      const id = await repo.insertRegister(tx, caller.orgId, {
        name: input.name,
        locationId: input.locationId ?? null,
        openingFloat: input.openingFloat ?? 0,
        tenders: tenderSet(input.tenders) ?? ['cash'],
        receiptHeaderEn: input.receiptHeaderEn ?? '',
        receiptHeaderAr: input.receiptHeaderAr ?? '',
        receiptFooterEn: input.receiptFooterEn ?? '',
        receiptFooterAr: input.receiptFooterAr ?? '',
        allowNegativeStock: input.allowNegativeStock ?? false,
        cashierIds: input.cashierIds ?? [],
        channelId: input.channelId ?? null,
      });
      const row = (await repo.findRegister(tx, caller.orgId, id))!;
      await recordAudit(tx, caller, { action: 'create', entityType: 'pos_register', entityId: id, after: row });
      return toRegister(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateRegister(db: Db, caller: Caller, id: string, input: c.PosRegisterUpdate): Promise<c.PosRegister> {
  try {
    return await db.transaction(async (tx) => {
      await lockUnchanged(tx, posRegisters, and(eq(posRegisters.orgId, caller.orgId), eq(posRegisters.id, id)), input.expectedUpdatedAt);
      const before = await repo.findRegister(tx, caller.orgId, id);
      if (!before) throw notFound('Register');
      await assertLocation(tx, caller.orgId, input.locationId);
      await assertChannel(tx, caller.orgId, input.channelId);
      const cashiersChange =
        input.cashierIds !== undefined &&
        (input.cashierIds.length !== before.cashierIds.length || input.cashierIds.some((id) => !before.cashierIds.includes(id)));
      if (cashiersChange) assertPosManager(caller, 'who may use a register');
      await assertCashiers(tx, caller, cashiersChange ? input.cashierIds : undefined);
      await repo.updateRegister(tx, caller.orgId, id, {
        name: input.name,
        locationId: input.locationId,
        openingFloat: input.openingFloat,
        tenders: tenderSet(input.tenders),
        receiptHeaderEn: input.receiptHeaderEn,
        receiptHeaderAr: input.receiptHeaderAr,
        receiptFooterEn: input.receiptFooterEn,
        receiptFooterAr: input.receiptFooterAr,
        allowNegativeStock: input.allowNegativeStock,
        cashierIds: input.cashierIds,
        channelId: input.channelId,
        status: input.status,
      });
      const after = (await repo.findRegister(tx, caller.orgId, id))!;
      await recordAudit(tx, caller, { action: 'update', entityType: 'pos_register', entityId: id, before, after });
      return toRegister(after);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}
