export default function ProductVariantsPage() {
  return null;
}
