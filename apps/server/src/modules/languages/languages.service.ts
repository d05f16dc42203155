import type { z } from 'zod';
import type { languageCreateSchema, languageSchema, languageUpdateSchema, translationCreateSchema, translationSchema } from '@market/contracts';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './languages.repository.js';

type Language = z.infer<typeof languageSchema>;
type Translation = z.infer<typeof translationSchema>;

const toLanguage = (r: repo.LanguageRow): Language => ({
  id: r.id,
  code: r.code,
  name: r.name,
  nativeName: r.nativeName,
  isDefault: r.isDefault,
  isActive: r.isActive,
  sortOrder: r.sortOrder,
  textDirection: r.textDirection,
});
const toTranslation = (r: repo.TranslationRow): Translation => ({ id: r.id, key: r.key, language: r.language, value: r.value });

const audit = (caller: Caller, action: string, entityType: string, entityId: string, before: unknown, after: unknown) => ({
  orgId: caller.orgId || null,
  actorId: caller.userId,
  action,
  entityType,
  entityId,
  before,
  after,
  ip: caller.ip,
});

export async function listLanguages(db: Db, includeInactive: boolean): Promise<Language[]> {
  return (await repo.listLanguages(db, includeInactive)).map(toLanguage);
}

export async function createLanguage(db: Db, caller: Caller, input: z.infer<typeof languageCreateSchema>): Promise<Language> {
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertLanguage(tx, {
        code: input.code,
        name: input.name,
        nativeName: input.nativeName,
        isDefault: input.isDefault ?? false,
        isActive: input.isActive ?? true,
        sortOrder: input.sortOrder ?? 0,
        textDirection: input.textDirection ?? 'ltr',
      });
      if (row.isDefault) await repo.clearOtherDefaults(tx, row.id);
      await recordAudit(tx, audit(caller, 'create', 'language', row.id, null, row));
      return toLanguage(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A language with code ${input.code} already exists`, [{ field: 'code', message: 'is already used' }]);
    throw err;
  }
}

export async function updateLanguage(db: Db, caller: Caller, id: string, input: z.infer<typeof languageUpdateSchema>): Promise<Language> {
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.findLanguage(tx, id);
      if (!before) throw notFound('Language');
      if (before.isDefault && input.isDefault === false) {
        throw new AppError(422, 'validation_failed', 'Choose another default language instead', [{ field: 'isDefault', message: 'one language must stay the default' }]);
      }
      if (before.isDefault && input.isActive === false) {
        throw new AppError(422, 'validation_failed', 'The default language cannot be deactivated', [{ field: 'isActive', message: 'the default language must stay active' }]);
      }
      if (input.code && input.code !== before.code) {
        throw new AppError(422, 'validation_failed', 'A language code cannot be changed', [{ field: 'code', message: 'cannot be changed' }]);
      }
      const row = (await repo.updateLanguage(tx, id, input))!;
      if (row.isDefault && !before.isDefault) await repo.clearOtherDefaults(tx, row.id);
      await recordAudit(tx, audit(caller, 'update', 'language', id, before, row));
      return toLanguage(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A language with this code already exists', [{ field: 'code', message: 'is already used' }]);
    throw err;
  }
}

export async function deleteLanguage(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findLanguage(tx, id);
    if (!before) throw notFound('Language');
    if (before.isDefault) throw new AppError(409, 'conflict', 'The default language cannot be removed; make another language the default first');
    await repo.deleteTranslationsOf(tx, before.code);
    await repo.deleteLanguage(tx, id);
    await recordAudit(tx, audit(caller, 'delete', 'language', id, before, null));
  });
}

export async function listTranslations(db: Db, language?: string): Promise<Translation[]> {
  return (await repo.listTranslations(db, language)).map(toTranslation);
}

export async function createTranslation(db: Db, caller: Caller, input: z.infer<typeof translationCreateSchema>): Promise<Translation> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.findLanguageByCode(tx, input.language))) {
        throw new AppError(422, 'validation_failed', `language: ${input.language} is not a language`, [{ field: 'language', message: 'is not a known language' }]);
      }
      const row = await repo.insertTranslation(tx, input);
      await recordAudit(tx, audit(caller, 'create', 'translation', row.id, null, row));
      return toTranslation(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`The key ${input.key} already has a ${input.language} translation`, [{ field: 'key', message: 'already translated in this language' }]);
    throw err;
  }
}

export async function updateTranslation(db: Db, caller: Caller, id: string, value: string): Promise<Translation> {
  return db.transaction(async (tx) => {
    const before = await repo.findTranslation(tx, id);
    if (!before) throw notFound('Translation');
    const row = (await repo.updateTranslation(tx, id, value))!;
    await recordAudit(tx, audit(caller, 'update', 'translation', id, before, row));
    return toTranslation(row);
  });
}

export async function deleteTranslation(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findTranslation(tx, id);
    if (!before) throw notFound('Translation');
    await repo.deleteTranslation(tx, id);
    await recordAudit(tx, audit(caller, 'delete', 'translation', id, before, null));
  });
}
