/** Lazy-page fallback: a skeleton with "Loading…" (the spec's wording, with the ellipsis character). */
export function PageSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3 p-4">
      <div className="h-6 w-48 animate-pulse rounded bg-muted" />
      <div className="h-4 w-full max-w-xl animate-pulse rounded bg-muted" />
      <div className="h-4 w-full max-w-md animate-pulse rounded bg-muted" />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
