/** Placeholder until this page is built. */
export default function OrderHistoryPage() {
  return null;
}
