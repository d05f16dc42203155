/** The row after the last loaded one of a virtualised grid, while the next page loads (the products grid uses it too). */
export function GridLoaderRow({ start, height, label }: { start: number; height: number; label: string }) {
  return (
    <div
      role="row"
      className="absolute inset-x-0 top-0 flex items-center px-4 text-sm text-muted-foreground"
      style={{ height, transform: `translateY(${start}px)` }}
    >
      <span role="gridcell">{label}</span>
    </div>
  );
}
