import type { z } from 'zod';
import type { languageCreateSchema, languageUpdateSchema } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import { lookUps } from '../../db/look-ups.js';
import type { Caller } from '../../lib/api-route.js';
import { staleUpdateError } from '../../lib/concurrency.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { mergeLanguages, type Language } from './languages.merge.js';
import * as repo from './languages.repository.js';

// Decision 010: the shipped languages are read by everyone and written by the seed only. A write here
// touches the caller's organization's rows and nothing else, whichever id it names.

/** The organization whose texts a reader sees: the one named by `?org=` (unknown: none), else the caller's own. */
export async function readerOrg(db: Db, caller: Caller | null, slug: string | undefined): Promise<string | null> {
  if (slug) return repo.findOrgIdBySlug(db, slug);
  return caller?.orgId || null;
}

/** Every language of the organization (the shipped set alone without one). */
export async function effectiveLanguages(db: DbOrTx, orgId: string | null): Promise<Language[]> {
  const [shipped, own] = await lookUps(db, [
    () => repo.listShippedLanguages(db),
    () => (orgId ? repo.listOrgLanguages(db, orgId) : Promise.resolve([])),
  ]);
  return mergeLanguages(shipped, own);
}

export async function listLanguages(db: Db, orgId: string | null, includeInactive: boolean): Promise<Language[]> {
  const all = await effectiveLanguages(db, orgId);
  return includeInactive ? all : all.filter((l) => l.isActive);
}

/** A language id as the organization sees it: a shipped id, or the id of one of its own rows. Anything else is not found. */
async function target(
  tx: DbOrTx,
  orgId: string,
  id: string,
): Promise<{ code: string; shipped: repo.LanguageRow | null; own: repo.OrgLanguageRow | null }> {
  const own = await repo.findOrgLanguage(tx, orgId, id);
  if (own) return { code: own.code, shipped: await repo.findShippedLanguageByCode(tx, own.code), own };
  const shipped = await repo.findShippedLanguage(tx, id);
  if (!shipped) throw notFound('Language');
  return { code: shipped.code, shipped, own: await repo.findOrgLanguageByCode(tx, orgId, shipped.code) };
}

async function effectiveOf(tx: DbOrTx, orgId: string, code: string): Promise<Language> {
  return (await effectiveLanguages(tx, orgId)).find((l) => l.code === code)!;
}

/**
 * A language as the organization sees it is made of several rows (the shipped one, its settings, whichever
 * language is its default), some of which may not exist yet, so no row lock covers it: the organization's
 * language writes take this lock instead, and an edit compares its version under it.
 */
const lockLanguages = (tx: DbOrTx, orgId: string) => lockKey(tx, `languages:${orgId}`);

const codeTaken = (code: string) =>
  conflict(`A language with code ${code} already exists`, [{ field: 'code', message: 'is already used' }]);

export async function createLanguage(db: Db, caller: Caller, input: z.infer<typeof languageCreateSchema>): Promise<Language> {
  try {
    return await db.transaction(async (tx) => {
      await lockLanguages(tx, caller.orgId);
      if (await repo.findShippedLanguageByCode(tx, input.code)) throw codeTaken(input.code);
      const row = await repo.insertOrgLanguage(tx, {
        orgId: caller.orgId,
        code: input.code,
        name: input.name,
        nativeName: input.nativeName,
        isDefault: input.isDefault ?? false,
        isActive: input.isActive ?? true,
        sortOrder: input.sortOrder ?? 0,
        textDirection: input.textDirection ?? 'ltr',
      });
      if (row.isDefault) await repo.clearOrgDefaults(tx, caller.orgId, row.id);
      await recordAudit(tx, caller, { action: 'create', entityType: 'organization_language', entityId: row.id, after: row });
      return effectiveOf(tx, caller.orgId, row.code);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(input.code);
    throw err;
  }
}

export async function updateLanguage(db: Db, caller: Caller, id: string, input: z.infer<typeof languageUpdateSchema>): Promise<Language> {
  return db.transaction(async (tx) => {
    await lockLanguages(tx, caller.orgId);
    const t = await target(tx, caller.orgId, id);
    const before = await effectiveOf(tx, caller.orgId, t.code);
    // The version the screen saw: of the shipped row alone until the organization first changes the language.
    if (before.updatedAt !== input.expectedUpdatedAt) throw staleUpdateError();
    if (before.isDefault && input.isDefault === false) {
      throw new AppError(422, 'validation_failed', 'Choose another default language instead', [
        { field: 'isDefault', message: 'one language must stay the default' },
      ]);
    }
    if (before.isDefault && input.isActive === false) {
      throw new AppError(422, 'validation_failed', 'The default language cannot be deactivated', [
        { field: 'isActive', message: 'the default language must stay active' },
      ]);
    }
    if (input.isDefault && (input.isActive ?? before.isActive) === false) {
      throw new AppError(422, 'validation_failed', 'The default language must be active', [
        { field: 'isActive', message: 'the default language must stay active' },
      ]);
    }
    if (input.code && input.code !== t.code) {
      throw new AppError(422, 'validation_failed', 'A language code cannot be changed', [{ field: 'code', message: 'cannot be changed' }]);
    }
    const { code: _code, isDefault, expectedUpdatedAt: _version, ...settings } = input;
    // A shipped language gets a row of the organization's settings; the shipped row stays as it is.
    const own = t.own
      ? await repo.updateOrgLanguage(tx, caller.orgId, t.own.id, settings)
      : await repo.insertOrgLanguage(tx, { orgId: caller.orgId, code: t.code, ...settings });
    if (isDefault && !before.isDefault) {
      await repo.clearOrgDefaults(tx, caller.orgId, own.id);
      await repo.updateOrgLanguage(tx, caller.orgId, own.id, { isDefault: true });
    }
    const after = await effectiveOf(tx, caller.orgId, t.code);
    await recordAudit(tx, caller, {
      action: t.own ? 'update' : 'create',
      entityType: 'organization_language',
      entityId: own.id,
      before,
      after,
    });
    return after;
  });
}

/** Removes a language the organization added (with its texts), or its settings of a shipped one. */
export async function deleteLanguage(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLanguages(tx, caller.orgId);
    const t = await target(tx, caller.orgId, id);
    const before = await effectiveOf(tx, caller.orgId, t.code);
    if (!t.own) throw new AppError(409, 'conflict', 'A shipped language cannot be removed; switch it off instead');
    // Resetting a shipped language brings the shipped default back only if it was the shipped default itself.
    if (before.isDefault && !t.shipped?.isDefault) {
      throw new AppError(409, 'conflict', 'The default language cannot be removed; make another language the default first');
    }
    if (!t.shipped) await repo.deleteOverridesOfLanguage(tx, caller.orgId, t.code);
    await repo.deleteOrgLanguage(tx, caller.orgId, t.own.id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'organization_language', entityId: t.own.id, before });
  });
}
