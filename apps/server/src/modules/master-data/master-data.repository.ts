import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';

type CodedTable = PgTable & { id: PgColumn; orgId: PgColumn; code: PgColumn };

/** Whether another row of the organization has this code, compared without case. */
export async function codeInUse(db: DbOrTx, table: CodedTable, orgId: string, code: string, exceptId?: string): Promise<boolean> {
  const conds: (SQL | undefined)[] = [
    eq(table.orgId, orgId),
    eq(sql`lower(${table.code})`, code.toLowerCase()),
    exceptId ? ne(table.id, exceptId) : undefined,
  ];
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}

type OrgTable = PgTable & { id: PgColumn; orgId: PgColumn; updatedAt: PgColumn };

/** Plain org-scoped row access shared by brands, units, tax classes, tax rates and currencies. */
export function orgRows<T extends OrgTable>(table: T) {
  type Row = T['$inferSelect'];
  type Values = Partial<Omit<T['$inferInsert'], 'id' | 'orgId' | 'createdAt' | 'updatedAt'>>;
  const scope = (orgId: string, id: string) => and(eq(table.orgId, orgId), eq(table.id, id));
  return {
    async find(db: DbOrTx, orgId: string, id: string, lock = false): Promise<Row | null> {
      const q = db
        .select()
        .from(table as PgTable)
        .where(scope(orgId, id))
        .limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return (row as Row | undefined) ?? null;
    },
    async insert(db: DbOrTx, orgId: string, values: Values): Promise<Row> {
      const rows = (await db
        .insert(table)
        .values({ ...values, orgId } as T['$inferInsert'])
        .returning()) as Row[];
      return rows[0]!;
    },
    async update(db: DbOrTx, orgId: string, id: string, values: Values): Promise<Row> {
      const rows = (await db
        .update(table)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(scope(orgId, id))
        .returning()) as Row[];
      return rows[0]!;
    },
    async remove(db: DbOrTx, orgId: string, id: string): Promise<void> {
      await db.delete(table).where(scope(orgId, id));
    },
  };
}
