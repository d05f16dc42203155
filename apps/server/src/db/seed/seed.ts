import { SHELL_TRANSLATIONS, STORED_ROLES } from '@market/contracts';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoAssignments } from './demo-assignments.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoMarket } from './demo-market.js';
import { seedDemoPayments } from './demo-payments.js';
import { seedDemoPos } from './demo-pos.js';
import type { Db, DbOrTx } from '../client.js';
import {
  identities,
  languages,
  organizationMemberships,
  organizations,
  profiles,
  translations,
  userRoles,
  users,
} from '../schema/index.js';

export const DEMO_PASSWORD = 'Demo-Market-2026';
export const DEMO_USERS: { email: string; role: string | null; name: string }[] = [
  ...STORED_ROLES.map((role) => ({
    email: `${role.replace(/_/g, '-')}@demo.market`,
    role,
    name: role
      .split('_')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' '),
  })),
  { email: 'no-role@demo.market', role: null, name: 'No Role' },
];

/** The languages every installation ships with; organizations add their own and change these for themselves only. */
export const SHIPPED_LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English', isDefault: true, isActive: true, sortOrder: 1, textDirection: 'ltr' as const },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية', isDefault: false, isActive: true, sortOrder: 2, textDirection: 'rtl' as const },
];

/**
 * Reference data every database needs: the shipped languages and the shell's translations. The release's
 * values win over whatever the rows hold (decision 010: only the operator writes the shipped set, and the
 * seed is how the operator writes it). Rows that already match are left alone, so a restart announces nothing.
 */
export async function seedReference(db: DbOrTx): Promise<void> {
  await db
    .insert(languages)
    .values(SHIPPED_LANGUAGES)
    .onConflictDoUpdate({
      target: languages.code,
      set: {
        name: sql`excluded.name`,
        nativeName: sql`excluded.native_name`,
        isDefault: sql`excluded.is_default`,
        isActive: sql`excluded.is_active`,
        sortOrder: sql`excluded.sort_order`,
        textDirection: sql`excluded.text_direction`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${languages.name}, ${languages.nativeName}, ${languages.isDefault}, ${languages.isActive}, ${languages.sortOrder}, ${languages.textDirection})
        is distinct from (excluded.name, excluded.native_name, excluded.is_default, excluded.is_active, excluded.sort_order, excluded.text_direction)`,
    });
  const rows = Object.entries(SHELL_TRANSLATIONS).flatMap(([key, v]) => [
    { key, language: 'en', value: v.en },
    { key, language: 'ar', value: v.ar },
  ]);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(translations)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [translations.key, translations.language],
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        setWhere: sql`${translations.value} is distinct from excluded.value`,
      });
  }
}

/** Creates a confirmed e-mail user with its identity and profile. */
export async function createConfirmedUser(db: DbOrTx, email: string, password: string, fullName: string): Promise<string> {
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({
      email,
      encryptedPassword: await hashPassword(password),
      emailConfirmedAt: now,
      rawAppMetaData: { provider: 'email', providers: ['email'] },
      rawUserMetaData: { full_name: fullName },
    })
    .returning({ id: users.id });
  const id = u!.id;
  await db.insert(identities).values({
    userId: id,
    provider: 'email',
    providerId: id,
    identityData: { sub: id, email, email_verified: true, phone_verified: false },
  });
  await db.insert(profiles).values({ userId: id, fullName, email });
  return id;
}

export async function hasOrganizations(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organizations);
  return (row?.n ?? 0) > 0;
}

/** The demo organization, one sign-in per stored role (plus one without membership) and a market. */
export async function seedDemo(db: Db, secret: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
    if (await hasOrganizations(tx)) return;
    const [org] = await tx.insert(organizations).values({ name: 'Demo Markets', slug: 'demo', currency: 'USD' }).returning();
    const userIds: Record<string, string> = {};
    for (const u of DEMO_USERS) {
      const id = await createConfirmedUser(tx, u.email, DEMO_PASSWORD, u.name);
      userIds[u.email] = id;
      if (!u.role) continue;
      await tx.insert(organizationMemberships).values({ userId: id, orgId: org!.id });
      await tx.insert(userRoles).values({ userId: id, orgId: org!.id, role: u.role });
    }
    await seedDemoMarket(tx, org!.id, userIds);
    await seedDemoAssignments(tx, org!.id, userIds['vendor-manager@demo.market'] ?? null);
    await seedDemoApplications(tx, org!.id, secret, userIds['vendor-manager@demo.market']);
    await seedDemoCatalog(tx, org!.id, userIds['product-team@demo.market'] ?? null);
    await seedDemoPayments(tx, org!.id, userIds['vendor-manager@demo.market'] ?? null);
    await seedDemoPos(tx, org!.id, userIds['vendor-manager@demo.market'] ?? null);
  });
}
