import { masterDataRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { codeTaken, iso, lockList, withCodeGuard } from './master-data.shared.js';
import * as repo from './tax-currency.repository.js';

const toCurrency = (r: repo.CurrencyRow): c.Currency => iso({ ...r });
const WHAT = 'currency';
const { BASE_RATE_MICROS, MAX_RATE_MICROS } = c;

export async function listCurrencies(db: DbOrTx, caller: Caller): Promise<c.Currency[]> {
  return (await repo.listCurrencies(db, caller.orgId)).map(toCurrency);
}

/**
 * Makes `next` the base: every other rate is re-expressed against it (rate / rate of next), so the
 * prices they describe stay the same. Refused when a converted rate would not fit the column.
 */
async function rebase(tx: DbOrTx, caller: Caller, next: repo.CurrencyRow): Promise<void> {
  const all = await repo.listCurrencies(tx, caller.orgId);
  for (const row of all) {
    if (row.id === next.id) continue;
    const rateMicros = Math.round((row.rateMicros * BASE_RATE_MICROS) / next.rateMicros);
    if (rateMicros < 1 || rateMicros > MAX_RATE_MICROS) {
      throw invalid('isBase', `the rate of ${row.code} against ${next.code} would be out of range; adjust the rates first`);
    }
    await repo.currencyRows.update(tx, caller.orgId, row.id, { rateMicros, isBase: false });
  }
}

export async function createCurrency(db: Db, caller: Caller, input: c.CurrencyCreate): Promise<c.Currency> {
  return withCodeGuard(WHAT, () =>
    db.transaction(async (tx) => {
      await lockList(tx, 'currencies', caller.orgId);
      if (await repo.currencyCodeInUse(tx, caller.orgId, input.code)) throw codeTaken(WHAT);
      const base = await repo.findBaseCurrency(tx, caller.orgId);
      // The first currency is the base whatever the request says: there is always exactly one.
      const isBase = !base || input.isBase === true;
      if (isBase && input.isActive === false) throw invalid('isActive', 'the base currency must stay active');
      if (!base && input.rateMicros !== undefined && input.rateMicros !== BASE_RATE_MICROS) {
        throw invalid(
          'rateMicros',
          `the base currency's rate is ${BASE_RATE_MICROS} (1.0); it is the first currency, so it becomes the base`,
        );
      }
      if (base && isBase && input.rateMicros === undefined)
        throw invalid('rateMicros', 'give the rate of the new base against the current base so other rates can be converted');
      const row = await repo.currencyRows.insert(tx, caller.orgId, {
        ...input,
        rateMicros: input.rateMicros ?? BASE_RATE_MICROS,
        isBase: false,
      });
      if (isBase) await rebase(tx, caller, row);
      const final = isBase ? await repo.currencyRows.update(tx, caller.orgId, row.id, { isBase: true, rateMicros: BASE_RATE_MICROS }) : row;
      await recordAudit(tx, caller, { action: 'create', entityType: 'currency', entityId: row.id, after: final });
      return toCurrency(final);
    }),
  );
}

export async function updateCurrency(db: Db, caller: Caller, id: string, input: c.CurrencyUpdate): Promise<c.Currency> {
  return withCodeGuard(WHAT, () =>
    db.transaction(async (tx) => {
      await lockList(tx, 'currencies', caller.orgId);
      const before = await repo.currencyRows.find(tx, caller.orgId, id, true);
      if (!before) throw notFound('Currency');
      assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
      if (input.code !== undefined && (await repo.currencyCodeInUse(tx, caller.orgId, input.code, id))) throw codeTaken(WHAT);
      const becomesBase = input.isBase === true && !before.isBase;
      if (before.isBase && input.isBase === false)
        throw invalid('isBase', 'there must be one base currency: make another currency the base instead');
      const willBeBase = before.isBase || becomesBase;
      if (willBeBase && input.isActive === false) throw invalid('isActive', 'the base currency must stay active');
      if (before.isBase && input.rateMicros !== undefined && input.rateMicros !== BASE_RATE_MICROS) {
        throw invalid('rateMicros', `the base currency's rate is always ${BASE_RATE_MICROS} (1.0)`);
      }
      const { isBase: _isBase, expectedUpdatedAt: _stamp, ...rest } = input;
      let row = await repo.currencyRows.update(tx, caller.orgId, id, rest);
      if (becomesBase) {
        await rebase(tx, caller, row);
        row = await repo.currencyRows.update(tx, caller.orgId, id, { isBase: true, rateMicros: BASE_RATE_MICROS });
      }
      await recordAudit(tx, caller, { action: 'update', entityType: 'currency', entityId: id, before, after: row });
      return toCurrency(row);
    }),
  );
}

export async function deleteCurrency(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockList(tx, 'currencies', caller.orgId);
    const before = await repo.currencyRows.find(tx, caller.orgId, id, true);
    if (!before) throw notFound('Currency');
    if (before.isBase) throw conflict('The base currency cannot be removed; make another currency the base first');
    await repo.currencyRows.remove(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'currency', entityId: id, before });
  });
}
