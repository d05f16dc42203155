import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { translationCreateSchema } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { staleUpdateError } from '../../lib/concurrency.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { mergeTranslations, ownText, shippedText, type Translation } from './languages.merge.js';
import * as repo from './languages.repository.js';
import { effectiveLanguages } from './languages.service.js';

// Decision 010: the shipped texts are written by the seed only. A write here changes the caller's
// organization's override rows; a shipped id names "this organization's text for that shipped key".

export async function listTranslations(db: Db, orgId: string | null, language?: string): Promise<Translation[]> {
  const [shipped, own] = await Promise.all([
    repo.listShippedTranslations(db, language),
    orgId ? repo.listOverrides(db, orgId, language) : [],
  ]);
  return mergeTranslations(shipped, own);
}

/**
 * One language's texts by key as the organization has them: the shipped ones with its own values in front,
 * plus the keys only it has (the same texts `listTranslations` gives, without the editor's fields), by key.
 * The version is a digest of exactly these texts; a reader that names it as `known` gets no texts back.
 */
export async function dictionary(
  db: Db,
  orgId: string | null,
  language: string,
  known?: string,
): Promise<{ language: string; version: string; texts: Record<string, string> | null }> {
  const [shipped, own] = await Promise.all([repo.listShippedTexts(db, language), orgId ? repo.listOverrideTexts(db, orgId, language) : []]);
  const byKey = new Map<string, string>();
  for (const rows of [shipped, own]) for (const r of rows) byKey.set(r.key, r.value);
  const texts: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of [...byKey.keys()].sort()) texts[key] = byKey.get(key)!;
  const version = createHash('sha256').update(language).update('\u0000').update(JSON.stringify(texts)).digest('base64url').slice(0, 32);
  return { language, version, texts: known === version ? null : texts };
}

const keyTaken = (input: { key: string; language: string }) =>
  conflict(`The key ${input.key} already has a ${input.language} translation`, [
    { field: 'key', message: 'already translated in this language' },
  ]);

/** Adds a text the organization has no value for yet (a shipped one is changed with PATCH instead). */
export async function createTranslation(db: Db, caller: Caller, input: z.infer<typeof translationCreateSchema>): Promise<Translation> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await effectiveLanguages(tx, caller.orgId)).some((l) => l.code === input.language)) {
        throw new AppError(422, 'validation_failed', `language: ${input.language} is not a language`, [
          { field: 'language', message: 'is not a known language' },
        ]);
      }
      if (await repo.findShippedTranslationByKey(tx, input.key, input.language)) throw keyTaken(input);
      const row = await repo.insertOverride(tx, { orgId: caller.orgId, ...input });
      await recordAudit(tx, caller, { action: 'create', entityType: 'translation_override', entityId: row.id, after: row });
      return ownText(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken(input);
    throw err;
  }
}

/** The organization's own row an id names, or the shipped row with the organization's override of it, if any. */
async function target(
  tx: DbOrTx,
  orgId: string,
  id: string,
  forUpdate = false,
): Promise<{ own: repo.OverrideRow | null; shipped: repo.TranslationRow | null }> {
  const own = await repo.findOverride(tx, orgId, id, forUpdate);
  if (own) return { own, shipped: await repo.findShippedTranslationByKey(tx, own.key, own.language) };
  const shipped = await repo.findShippedTranslation(tx, id);
  if (!shipped) throw notFound('Translation');
  return { own: await repo.findOverrideByKey(tx, orgId, shipped.key, shipped.language, forUpdate), shipped };
}

const view = (shipped: repo.TranslationRow | null, own: repo.OverrideRow | null): Translation | null =>
  shipped ? shippedText(shipped, own) : own ? ownText(own) : null;

/**
 * Changes the organization's text. `expectedUpdatedAt` is the version the editor saw: of the shipped row while
 * the organization has no value of its own, so a first edit made elsewhere meanwhile makes this one stale.
 */
export async function updateTranslation(
  db: Db,
  caller: Caller,
  id: string,
  input: { value: string; expectedUpdatedAt: string },
): Promise<Translation> {
  return db.transaction(async (tx) => {
    const t = await target(tx, caller.orgId, id, true);
    const before = view(t.shipped, t.own)!;
    if (before.updatedAt !== input.expectedUpdatedAt) throw staleUpdateError();
    const row = t.own
      ? await repo.updateOverride(tx, caller.orgId, t.own.id, input.value)
      : await repo.insertFirstOverride(tx, { orgId: caller.orgId, key: t.shipped!.key, language: t.shipped!.language, value: input.value });
    if (!row) throw staleUpdateError();
    await recordAudit(tx, caller, {
      action: t.own ? 'update' : 'create',
      entityType: 'translation_override',
      entityId: row.id,
      before,
      after: row,
    });
    return view(t.shipped, row)!;
  });
}

/** Removes the organization's own text: a key only it had is gone, a shipped key shows the shipped text again. */
export async function deleteTranslation(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await target(tx, caller.orgId, id);
    if (!t.own) throw new AppError(409, 'conflict', 'A shipped text cannot be removed; change it for your organization instead');
    await repo.deleteOverride(tx, caller.orgId, t.own.id);
    await recordAudit(tx, caller, {
      action: 'delete',
      entityType: 'translation_override',
      entityId: t.own.id,
      before: view(t.shipped, t.own),
    });
  });
}
