/** The variants section of the product details page (owned by the variants area). */
export function ProductVariantsSection(_props: { productId: string }) {
  return null;
}
