import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useIdempotencyKey } from './payment-management-mutations';

/**
 * What every money dialog's form does around its own fields (refund, adjustment, cancel invoice, declared sales): one
 * Idempotency-Key per opening, one request at a time (a double click sends nothing more), the form's own checks
 * shown before the server's word for the same field, the server's other refusals as one line under the form, and
 * the pending state of the submit button.
 *
 * `fields` are the fields the form shows: an error naming one of them is shown under it, any other as the line.
 */
export function useMoneyForm<V extends object, D>({
  mutation,
  fields,
  onDone,
}: {
  /** The write; its variables get the opening's `key` (the Idempotency-Key) beside the ones `submit` builds. */
  mutation: Pick<UseMutationResult<D, Error, V>, 'mutate' | 'error' | 'isPending'>;
  fields: readonly string[];
  onDone: () => void;
}) {
  const { t } = useI18n();
  const key = useIdempotencyKey();
  const [checks, setChecks] = useState<Record<string, string>>({});
  const inFlight = useRef(false);

  /** Sends the request once the form's own checks pass (`found`: field -> message, empty when all pass). */
  const submit = (found: Record<string, string>, variables: () => Omit<V, 'key'>) => {
    if (inFlight.current) return;
    setChecks(found);
    if (Object.keys(found).length) return;
    inFlight.current = true;
    mutation.mutate({ ...variables(), key } as V, {
      onSuccess: onDone,
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return {
    submit,
    /** The message under one field: the form's own check, else what the server said of it. */
    error: (field: string): string | undefined => checks[field] ?? fieldError(mutation.error, field),
    /** The failed request as one line, when no shown field carries it. */
    formError: mutation.error != null && !hasFieldErrors(mutation.error, fields) ? errorMessage(t, mutation.error) : null,
    pending: mutation.isPending,
    /** The submit button's words: "Saving…" while the request is under way. */
    submitLabel: (label: string) => (mutation.isPending ? t('pay.saving') : label),
  };
}
