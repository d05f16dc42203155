import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { languages, translations } from '../../db/schema/index.js';

export type LanguageRow = typeof languages.$inferSelect;
export type TranslationRow = typeof translations.$inferSelect;

export function listLanguages(db: DbOrTx, includeInactive: boolean): Promise<LanguageRow[]> {
  return db
    .select()
    .from(languages)
    .where(includeInactive ? undefined : eq(languages.isActive, true))
    .orderBy(asc(languages.sortOrder), asc(languages.code));
}

export async function findLanguage(db: DbOrTx, id: string): Promise<LanguageRow | null> {
  return (await db.select().from(languages).where(eq(languages.id, id)).limit(1))[0] ?? null;
}

export async function findLanguageByCode(db: DbOrTx, code: string): Promise<LanguageRow | null> {
  return (await db.select().from(languages).where(eq(languages.code, code)).limit(1))[0] ?? null;
}

export async function insertLanguage(db: DbOrTx, values: typeof languages.$inferInsert): Promise<LanguageRow> {
  return (await db.insert(languages).values(values).returning())[0]!;
}

export async function updateLanguage(db: DbOrTx, id: string, values: Partial<typeof languages.$inferInsert>): Promise<LanguageRow | null> {
  return (await db.update(languages).set({ ...values, updatedAt: new Date() }).where(eq(languages.id, id)).returning())[0] ?? null;
}

export async function clearOtherDefaults(db: DbOrTx, keepId: string): Promise<void> {
  await db.update(languages).set({ isDefault: false, updatedAt: new Date() }).where(and(ne(languages.id, keepId), eq(languages.isDefault, true)));
}

export async function deleteLanguage(db: DbOrTx, id: string): Promise<void> {
  await db.delete(languages).where(eq(languages.id, id));
}

export async function deleteTranslationsOf(db: DbOrTx, code: string): Promise<void> {
  await db.delete(translations).where(eq(translations.language, code));
}

export function listTranslations(db: DbOrTx, language?: string): Promise<TranslationRow[]> {
  return db
    .select()
    .from(translations)
    .where(language ? eq(translations.language, language) : undefined)
    .orderBy(asc(translations.key), asc(translations.language));
}

export async function findTranslation(db: DbOrTx, id: string): Promise<TranslationRow | null> {
  return (await db.select().from(translations).where(eq(translations.id, id)).limit(1))[0] ?? null;
}

export async function insertTranslation(db: DbOrTx, values: typeof translations.$inferInsert): Promise<TranslationRow> {
  return (await db.insert(translations).values(values).returning())[0]!;
}

export async function updateTranslation(db: DbOrTx, id: string, value: string): Promise<TranslationRow | null> {
  return (await db.update(translations).set({ value, updatedAt: new Date() }).where(eq(translations.id, id)).returning())[0] ?? null;
}

export async function deleteTranslation(db: DbOrTx, id: string): Promise<void> {
  await db.delete(translations).where(eq(translations.id, id));
}
