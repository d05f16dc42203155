import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketCategories, vendorCategories, vendorDocuments, vendors } from '../../db/schema/index.js';

/** What the eligibility rule (eligibility.ts) reads of a vendor and a category. */
export interface EligibilityFacts {
  vendor: { id: string; publicName: string; status: string } | null;
  category: { id: string; nameEn: string; requiredDocumentTypes: string[] } | null;
  tradesInCategory: boolean;
  documents: { docType: string; status: string; expiresOn: string | null }[];
}

/** Everything the rule reads, in three small queries scoped to the organization. */
export async function eligibilityFacts(db: DbOrTx, orgId: string, vendorId: string, categoryId: string): Promise<EligibilityFacts> {
  const [vendor] = await db
    .select({ id: vendors.id, publicName: vendors.publicName, status: vendors.status })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.orgId, orgId)))
    .limit(1);
  const [category] = await db
    .select({ id: marketCategories.id, nameEn: marketCategories.nameEn, requiredDocumentTypes: marketCategories.requiredDocumentTypes })
    .from(marketCategories)
    .where(and(eq(marketCategories.id, categoryId), eq(marketCategories.orgId, orgId)))
    .limit(1);
  if (!vendor || !category) return { vendor: vendor ?? null, category: category ?? null, tradesInCategory: false, documents: [] };
  const [link] = await db
    .select({ vendorId: vendorCategories.vendorId })
    .from(vendorCategories)
    .where(and(eq(vendorCategories.vendorId, vendorId), eq(vendorCategories.categoryId, categoryId), eq(vendorCategories.orgId, orgId)))
    .limit(1);
  const required = category.requiredDocumentTypes;
  const documents = required.length
    ? await db
        .select({ docType: vendorDocuments.docType, status: vendorDocuments.status, expiresOn: vendorDocuments.expiresOn })
        .from(vendorDocuments)
        .where(
          and(
            eq(vendorDocuments.vendorId, vendorId),
            eq(vendorDocuments.orgId, orgId),
            inArray(vendorDocuments.docType, required as (typeof vendorDocuments.docType.enumValues)[number][]),
          ),
        )
    : [];
  return { vendor, category, tradesInCategory: !!link, documents };
}
