import type { Api } from './fixtures';

export interface SizedFamily {
  family: { id: string; nameEn: string };
  size: { id: string; nameEn: string };
}

/** A single-select Size attribute (S, M, L) and a family holding it, as a super admin; names carry the suffix. */
export async function createSizedFamily(admin: Api, sfx: string): Promise<SizedFamily> {
  const size = await admin.post('/attributes', {
    code: `size_${sfx}`,
    nameEn: `Size ${sfx}`,
    nameAr: 'المقاس',
    type: 'single_select',
    options: [
      { code: 's', labelEn: 'S', labelAr: 'صغير' },
      { code: 'm', labelEn: 'M', labelAr: 'متوسط' },
      { code: 'l', labelEn: 'L', labelAr: 'كبير' },
    ],
  });
  const family = await admin.post('/attribute-families', {
    code: `clothing_${sfx}`,
    nameEn: `Clothing ${sfx}`,
    nameAr: 'ملابس',
    attributes: [{ attributeId: size.id, required: false }],
  });
  return { family: { id: family.id, nameEn: `Clothing ${sfx}` }, size: { id: size.id, nameEn: `Size ${sfx}` } };
}

/** A product of the family with one variant per size code given. */
export async function createProductWithVariants(admin: Api, sized: SizedFamily, sku: string, sizes: string[]): Promise<{ id: string }> {
  const product = await admin.post('/products', { sku, nameEn: `Tee ${sku}`, nameAr: 'قميص', familyId: sized.family.id });
  await admin.post(`/products/${product.id}/variants/generate`, { axes: [sized.size.id], values: { [sized.size.id]: sizes } });
  return product;
}

/** The phone viewport of issue 14 #3. */
export const PHONE = { width: 360, height: 740 };

/** How far the page scrolls sideways (0 when nothing is wider than the screen). */
export async function sidewaysOverflow(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
