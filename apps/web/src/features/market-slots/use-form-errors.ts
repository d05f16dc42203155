import { useEffect, useState } from 'react';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useT } from '../../app/i18n/i18n-provider';

/**
 * The errors of a slot dialog: the form's own checks first, then the server's for the field (or anything
 * inside it), and the whole error in one line when the server named no field. Each opening starts clean.
 * `reset` is the mutation's, which keeps one identity across renders.
 */
export function useFormErrors(open: boolean, error: unknown, reset: () => void) {
  const t = useT();
  const [local, setLocal] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    reset();
    setLocal({});
  }, [open, reset]);
  return {
    setLocal,
    error: (field: string) => local[field] ?? fieldError(error, field),
    general: error && !hasFieldErrors(error) ? errorMessage(t, error) : null,
  };
}
