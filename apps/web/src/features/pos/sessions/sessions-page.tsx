/** Placeholder until this page is built. */
export default function SessionsPage() {
  return null;
}
