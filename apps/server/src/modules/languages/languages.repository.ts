import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { languages, organizationLanguages, organizations, translationOverrides, translations } from '../../db/schema/index.js';

// Shipped rows are only ever read here: the seed is their one writer (decision 010). Every query of an
// organization's rows names the organization, so another organization's id simply finds nothing.

export type LanguageRow = typeof languages.$inferSelect;
export type OrgLanguageRow = typeof organizationLanguages.$inferSelect;
export type TranslationRow = typeof translations.$inferSelect;
export type OverrideRow = typeof translationOverrides.$inferSelect;

export async function findOrgIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  return (await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug)).limit(1))[0]?.id ?? null;
}

export function listShippedLanguages(db: DbOrTx): Promise<LanguageRow[]> {
  return db.select().from(languages).orderBy(asc(languages.sortOrder), asc(languages.code));
}

export async function findShippedLanguage(db: DbOrTx, id: string): Promise<LanguageRow | null> {
  return (await db.select().from(languages).where(eq(languages.id, id)).limit(1))[0] ?? null;
}

export async function findShippedLanguageByCode(db: DbOrTx, code: string): Promise<LanguageRow | null> {
  return (await db.select().from(languages).where(eq(languages.code, code)).limit(1))[0] ?? null;
}

export function listOrgLanguages(db: DbOrTx, orgId: string): Promise<OrgLanguageRow[]> {
  return db.select().from(organizationLanguages).where(eq(organizationLanguages.orgId, orgId));
}

export async function findOrgLanguage(db: DbOrTx, orgId: string, id: string): Promise<OrgLanguageRow | null> {
  const where = and(eq(organizationLanguages.orgId, orgId), eq(organizationLanguages.id, id));
  return (await db.select().from(organizationLanguages).where(where).limit(1))[0] ?? null;
}

export async function findOrgLanguageByCode(db: DbOrTx, orgId: string, code: string): Promise<OrgLanguageRow | null> {
  const where = and(eq(organizationLanguages.orgId, orgId), eq(organizationLanguages.code, code));
  return (await db.select().from(organizationLanguages).where(where).limit(1))[0] ?? null;
}

export async function insertOrgLanguage(db: DbOrTx, values: typeof organizationLanguages.$inferInsert): Promise<OrgLanguageRow> {
  return (await db.insert(organizationLanguages).values(values).returning())[0]!;
}

export async function updateOrgLanguage(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<typeof organizationLanguages.$inferInsert>,
): Promise<OrgLanguageRow> {
  const where = and(eq(organizationLanguages.orgId, orgId), eq(organizationLanguages.id, id));
  return (
    await db
      .update(organizationLanguages)
      .set({ ...values, updatedAt: new Date() })
      .where(where)
      .returning()
  )[0]!;
}

export async function clearOrgDefaults(db: DbOrTx, orgId: string, keepId: string): Promise<void> {
  await db
    .update(organizationLanguages)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(organizationLanguages.orgId, orgId), ne(organizationLanguages.id, keepId), eq(organizationLanguages.isDefault, true)));
}

export async function deleteOrgLanguage(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(organizationLanguages).where(and(eq(organizationLanguages.orgId, orgId), eq(organizationLanguages.id, id)));
}

export async function deleteOverridesOfLanguage(db: DbOrTx, orgId: string, code: string): Promise<void> {
  await db.delete(translationOverrides).where(and(eq(translationOverrides.orgId, orgId), eq(translationOverrides.language, code)));
}

export function listShippedTranslations(db: DbOrTx, language?: string): Promise<TranslationRow[]> {
  return db
    .select()
    .from(translations)
    .where(language ? eq(translations.language, language) : undefined);
}

export function listOverrides(db: DbOrTx, orgId: string, language?: string): Promise<OverrideRow[]> {
  const where = and(eq(translationOverrides.orgId, orgId), language ? eq(translationOverrides.language, language) : undefined);
  return db.select().from(translationOverrides).where(where);
}

/** One language's shipped texts, key and value only (the runtime dictionary). */
export function listShippedTexts(db: DbOrTx, language: string): Promise<{ key: string; value: string }[]> {
  return db.select({ key: translations.key, value: translations.value }).from(translations).where(eq(translations.language, language));
}

/** One language's texts of the organization, key and value only. */
export function listOverrideTexts(db: DbOrTx, orgId: string, language: string): Promise<{ key: string; value: string }[]> {
  return db
    .select({ key: translationOverrides.key, value: translationOverrides.value })
    .from(translationOverrides)
    .where(and(eq(translationOverrides.orgId, orgId), eq(translationOverrides.language, language)));
}

export async function findShippedTranslation(db: DbOrTx, id: string): Promise<TranslationRow | null> {
  return (await db.select().from(translations).where(eq(translations.id, id)).limit(1))[0] ?? null;
}

export async function findShippedTranslationByKey(db: DbOrTx, key: string, language: string): Promise<TranslationRow | null> {
  return (
    (
      await db
        .select()
        .from(translations)
        .where(and(eq(translations.key, key), eq(translations.language, language)))
        .limit(1)
    )[0] ?? null
  );
}

/** `forUpdate` locks the row until the transaction ends (an edit compares its version under that lock). */
export async function findOverride(db: DbOrTx, orgId: string, id: string, forUpdate = false): Promise<OverrideRow | null> {
  const q = db
    .select()
    .from(translationOverrides)
    .where(and(eq(translationOverrides.orgId, orgId), eq(translationOverrides.id, id)))
    .limit(1);
  return (forUpdate ? await q.for('update') : await q)[0] ?? null;
}

export async function findOverrideByKey(
  db: DbOrTx,
  orgId: string,
  key: string,
  language: string,
  forUpdate = false,
): Promise<OverrideRow | null> {
  const where = and(eq(translationOverrides.orgId, orgId), eq(translationOverrides.key, key), eq(translationOverrides.language, language));
  const q = db.select().from(translationOverrides).where(where).limit(1);
  return (forUpdate ? await q.for('update') : await q)[0] ?? null;
}

export async function insertOverride(
  db: DbOrTx,
  values: { orgId: string; key: string; language: string; value: string },
): Promise<OverrideRow> {
  return (await db.insert(translationOverrides).values(values).returning())[0]!;
}

/**
 * The organization's first text for a shipped key. Null when another request created it meanwhile: the unique
 * key decides which came first, and the later one is stale rather than silently winning.
 */
export async function insertFirstOverride(
  db: DbOrTx,
  values: { orgId: string; key: string; language: string; value: string },
): Promise<OverrideRow | null> {
  return (await db.insert(translationOverrides).values(values).onConflictDoNothing().returning())[0] ?? null;
}

export async function updateOverride(db: DbOrTx, orgId: string, id: string, value: string): Promise<OverrideRow> {
  const where = and(eq(translationOverrides.orgId, orgId), eq(translationOverrides.id, id));
  return (await db.update(translationOverrides).set({ value, updatedAt: new Date() }).where(where).returning())[0]!;
}

export async function deleteOverride(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(translationOverrides).where(and(eq(translationOverrides.orgId, orgId), eq(translationOverrides.id, id)));
}
