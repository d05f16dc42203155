import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, languages, organizationLanguages, translationOverrides, translations } from '../../db/schema/index.js';
import { seedReference } from '../../db/seed/seed.js';
import { createOrg } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

// Migration 0014 moves what tenants wrote into the shared tables to the organization that wrote it (decision 010).
// Its data statements are run again here on rows written the way the old routes wrote them.
const MIGRATION = new URL('../../db/migrations/0014_organization_translations.sql', import.meta.url);
const dataMove = readFileSync(MIGRATION, 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s, i, all) => i >= all.findIndex((x) => x.includes('CREATE TEMPORARY TABLE tenant_writes')));

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`migration 0014 data move (${driver})`, () => {
  it("gives each tenant write to its writer's organization, drops writes of no organization, and the seed restores the shipped texts", async () => {
    const db = t.app.ctx.db;
    const x = await createOrg(t.app);
    const y = await createOrg(t.app);
    const auditOf = (orgId: string | null, action: string, entityType: string, entityId: string) =>
      db.insert(auditLog).values({ orgId, action, entityType, entityId });

    const [signIn] = await db
      .update(translations)
      .set({ value: 'X text' })
      .where(and(eq(translations.key, 'auth.signIn'), eq(translations.language, 'en')))
      .returning();
    await auditOf(x.id, 'update', 'translation', signIn!.id);
    const [yKey] = await db.insert(translations).values({ key: 'y.key', language: 'en', value: 'Y text' }).returning();
    await auditOf(y.id, 'create', 'translation', yKey!.id);
    const [pt] = await db.insert(languages).values({ code: 'pt', name: 'Portuguese', nativeName: 'Português', sortOrder: 5 }).returning();
    await auditOf(y.id, 'create', 'language', pt!.id);
    const [ptText] = await db.insert(translations).values({ key: 'nav.dashboard', language: 'pt', value: 'Painel' }).returning();
    await auditOf(y.id, 'create', 'translation', ptText!.id);
    const [ghost] = await db.insert(translations).values({ key: 'ghost.key', language: 'en', value: 'boo' }).returning();
    await auditOf(null, 'create', 'translation', ghost!.id);

    expect(dataMove.length).toBeGreaterThan(3);
    for (const statement of dataMove) await db.execute(sql.raw(statement));
    await seedReference(db);

    const shipped = await db.select().from(translations).where(eq(translations.id, signIn!.id));
    expect(shipped[0]!.value).toBe('Sign in');
    const overrides = await db.select().from(translationOverrides);
    const of = (orgId: string) =>
      overrides
        .filter((o) => o.orgId === orgId)
        .map((o) => [o.key, o.language, o.value])
        .sort();
    expect(of(x.id)).toEqual([['auth.signIn', 'en', 'X text']]);
    expect(of(y.id)).toEqual([
      ['nav.dashboard', 'pt', 'Painel'],
      ['y.key', 'en', 'Y text'],
    ]);
    expect(overrides.some((o) => o.key === 'ghost.key')).toBe(false);
    const left = await db
      .select({ key: translations.key })
      .from(translations)
      .where(sql`${translations.key} in ('y.key', 'ghost.key') or ${translations.language} = 'pt'`);
    expect(left).toEqual([]);
    expect((await db.select().from(languages)).map((l) => l.code).sort()).toEqual(['ar', 'en']);
    const ownLangs = await db.select().from(organizationLanguages).where(eq(organizationLanguages.orgId, y.id));
    expect(ownLangs.map((l) => [l.code, l.name, l.sortOrder])).toEqual([['pt', 'Portuguese', 5]]);
  });
});
