import { useId, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';

export const inputClass =
  'h-9 w-full rounded-md border bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

/** The server's message for a field of a failed save (422 names the field). */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields.find((f) => f.field === field || f.field.startsWith(`${field}.`))?.message;
}

/** A labelled control with its hint and its error, wired for assistive technology. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A save failure that is not about one field (a stale version, a server error). */
export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  const message = error instanceof ApiError && error.fields.length === 0 ? error.message : fallback;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

export const optional = (v: string): string | null => (v.trim() === '' ? null : v.trim());
export const numberOrNull = (v: string): number | null => (v.trim() === '' ? null : Number(v));
