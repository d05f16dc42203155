import type { ReactNode } from 'react';
import { Button } from './button';

/** Loading, failure with retry, and empty states of a list, in one place. */
export function ListState({
  loading,
  error,
  empty,
  loadingLabel,
  errorLabel,
  retryLabel,
  onRetry,
  emptyContent,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  loadingLabel: string;
  errorLabel: string;
  retryLabel: string;
  onRetry: () => void;
  emptyContent: ReactNode;
}) {
  if (loading) {
    return (
      <div role="status" className="flex flex-col gap-2 py-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-8 animate-pulse rounded bg-muted" />
        ))}
        <span className="text-sm text-muted-foreground">{loadingLabel}</span>
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <span>{errorLabel}</span>
        {error instanceof Error && <span className="text-xs text-muted-foreground">{error.message}</span>}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    );
  }
  if (empty) return <div className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{emptyContent}</div>;
  return null;
}
