import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { APPLICATION_SORTS, APPLICATION_STATUSES, type ApplicationStream } from '@market/contracts/plain';
import type { QueueFilters } from './applications-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KEYS = ['status', 'categoryId', 'marketDayId', 'submittedFrom', 'submittedTo', 'q', 'sort', 'page'] as const;
export type QueueParam = (typeof KEYS)[number];

const pick = <T extends string>(v: string | null, allowed: readonly T[]) =>
  v && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
const match = (v: string | null, re: RegExp) => (v && re.test(v) ? v : undefined);

/**
 * The queue's filters live in the URL query (so a filtered queue can be linked and survives a reload);
 * values that are not valid are ignored rather than sent to the server.
 */
export function useQueueParams(stream: ApplicationStream) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<QueueFilters>(() => {
    const page = Number(params.get('page'));
    return {
      stream,
      status: pick(params.get('status'), APPLICATION_STATUSES),
      categoryId: match(params.get('categoryId'), UUID),
      marketDayId: match(params.get('marketDayId'), UUID),
      submittedFrom: match(params.get('submittedFrom'), DATE),
      submittedTo: match(params.get('submittedTo'), DATE),
      q: params.get('q')?.slice(0, 200) || undefined,
      sort: pick(params.get('sort'), APPLICATION_SORTS),
      page: Number.isInteger(page) && page >= 1 && page <= 10000 ? page : 1,
    };
  }, [params, stream]);

  /** Sets some filters; any change other than the page goes back to the first page. */
  const update = useCallback(
    (changes: Partial<Record<QueueParam, string | number | undefined>>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Clears the filters of the toolbar; the status chip and the sort stay. */
  const clear = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const k of KEYS) if (k !== 'status' && k !== 'sort') next.delete(k);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { filters, update, clear, search: params.toString() };
}
