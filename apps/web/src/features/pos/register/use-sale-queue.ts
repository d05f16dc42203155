import { posRoutes } from '@market/contracts/plain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiError } from '../../../lib/api';
import type { OrderBody } from './cart';
import { useRegisterServices } from './register-services';
import { byAge, drainQueue, queuedSale, type QueuedSale, type Recorded } from './sale-queue';
import { isOnline } from './use-online';

/** How often the queue is tried again while sales wait (besides when the browser says it is back online). */
export const RETRY_EVERY_MS = 15_000;

export type CompleteResult = { kind: 'sent'; recorded: Recorded } | { kind: 'queued' } | { kind: 'refused'; error: ApiError };

const send = (body: OrderBody) => api(posRoutes.recordOrder, { body });

/**
 * The sale queue as the page sees it: what waits, what was refused, the orders the server recorded (for a
 * receipt shown before its sale was sent), and the ways in: complete a sale, try a refused one again.
 */
export function useSaleQueue() {
  const { queue, lock, channel } = useRegisterServices();
  const [entries, setEntries] = useState<QueuedSale[]>([]);
  const [recorded, setRecorded] = useState<Record<string, Recorded>>({});
  const [sending, setSending] = useState(false);
  const pendingRef = useRef(false);

  const reload = useCallback(async () => {
    const rows = await queue.list().catch(() => [] as QueuedSale[]);
    rows.sort(byAge);
    pendingRef.current = rows.some((s) => s.status === 'pending');
    setEntries(rows);
  }, [queue]);

  const changed = useCallback(() => {
    void reload();
    channel?.post({ type: 'changed' });
  }, [reload, channel]);

  /** Sends what waits, unless offline or another run (here or in another tab) is at it. */
  const drain = useCallback(async () => {
    if (!isOnline()) return null;
    return lock(async () => {
      setSending(true);
      try {
        return await drainQueue(queue, send, {
          onSent: (id, rec) => {
            setRecorded((m) => ({ ...m, [id]: rec }));
            channel?.post({ type: 'sent', id, recorded: rec });
          },
          onChange: changed,
        });
      } finally {
        setSending(false);
      }
    });
  }, [lock, queue, channel, changed]);

  useEffect(() => {
    void reload().then(() => drain());
    const onOnline = () => void drain();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => {
      if (pendingRef.current) void drain();
    }, RETRY_EVERY_MS);
    const stop = channel?.listen((m) => {
      if (m.type === 'changed') void reload();
      if (m.type === 'sent') setRecorded((all) => ({ ...all, [m.id]: m.recorded as Recorded }));
    });
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
      stop?.();
    };
  }, [reload, drain, channel]);

  /**
   * A completed sale: written to the queue first, then sent with whatever else waits. Refused at once, it comes
   * off the queue and goes back to the cashier, whose cart still holds it; unsent, it waits in the queue.
   */
  const complete = useCallback(
    async (body: OrderBody): Promise<CompleteResult> => {
      await queue.put(queuedSale(body));
      changed();
      const outcome = (await drain())?.get(body.id);
      if (outcome?.kind === 'sent') return { kind: 'sent', recorded: outcome.recorded };
      if (outcome?.kind === 'refused') {
        await queue.remove(body.id);
        changed();
        return { kind: 'refused', error: outcome.error };
      }
      return { kind: 'queued' };
    },
    [queue, changed, drain],
  );

  /** A refused sale sent again as it is (after a manager fixed what the server named, e.g. the stock). */
  const retry = useCallback(
    async (id: string) => {
      const sale = (await queue.list()).find((s) => s.id === id);
      if (!sale) return;
      await queue.put({ ...sale, status: 'pending' });
      changed();
      await drain();
    },
    [queue, changed, drain],
  );

  const waiting = entries.filter((s) => s.status === 'pending');
  const refused = entries.filter((s) => s.status === 'refused');
  return { waiting, refused, recorded, sending, complete, retry, sendNow: drain };
}
