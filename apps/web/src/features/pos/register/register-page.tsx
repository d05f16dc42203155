/** Placeholder until this page is built. */
export default function RegisterPage() {
  return null;
}
