import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { vendorDocuments } from '../../db/schema/index.js';

export type DocumentRow = typeof vendorDocuments.$inferSelect;
export type DocumentInsert = typeof vendorDocuments.$inferInsert;

export function documentsOf(db: DbOrTx, orgId: string, vendorId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.orgId, orgId), eq(vendorDocuments.vendorId, vendorId)))
    .orderBy(asc(vendorDocuments.createdAt), asc(vendorDocuments.id));
}

export async function findDocument(db: DbOrTx, orgId: string, vendorId: string, id: string): Promise<DocumentRow | null> {
  const rows = await db
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.orgId, orgId), eq(vendorDocuments.vendorId, vendorId), eq(vendorDocuments.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findDocumentByObject(
  db: DbOrTx,
  vendorId: string,
  bucketId: string,
  objectPath: string,
): Promise<DocumentRow | null> {
  const rows = await db
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.vendorId, vendorId), eq(vendorDocuments.bucketId, bucketId), eq(vendorDocuments.objectPath, objectPath)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertDocument(db: DbOrTx, values: DocumentInsert): Promise<DocumentRow> {
  return (await db.insert(vendorDocuments).values(values).returning())[0]!;
}

export async function updateDocument(db: DbOrTx, id: string, values: Partial<DocumentInsert>): Promise<DocumentRow> {
  return (
    await db
      .update(vendorDocuments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(vendorDocuments.id, id))
      .returning()
  )[0]!;
}

export async function deleteDocument(db: DbOrTx, id: string): Promise<void> {
  await db.delete(vendorDocuments).where(eq(vendorDocuments.id, id));
}
