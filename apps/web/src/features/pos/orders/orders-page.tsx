/** Placeholder until this page is built. */
export default function OrdersPage() {
  return null;
}
