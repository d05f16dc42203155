export default function AssetsPage() {
  return null;
}
