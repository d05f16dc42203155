/** Placeholder until this page is built. */
export default function ReportsPage() {
  return null;
}
