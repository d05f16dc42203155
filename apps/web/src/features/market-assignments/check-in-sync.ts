import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';
import { postCheckIn, type CheckInResult } from './check-in-api';
import { checkInQueue, type QueuedAction } from './check-in-queue';

/*
 * Sends the queued check-in actions one by one, oldest first, whenever the device is online: at start (a
 * queue left by an earlier visit or a reload), after each new action, on the browser's `online` event, and
 * after a growing pause when the server could not be reached. An action leaves the queue only on a definitive
 * answer: success, or a 4xx the user is shown (a refusal, an unknown booking). One sender per page, so two
 * mounted screens never send the same action at once (and a second tab's duplicate is answered as a replay).
 */

export type SyncEvent =
  { kind: 'sent'; item: QueuedAction; result: CheckInResult } | { kind: 'failed'; item: QueuedAction; error: ApiError };

/** No answer, a server failure, throttling, or a session to renew: the action stays queued and is tried again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || [401, 408, 429].includes(error.status);
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

let sendingId: string | null = null;
let draining: Promise<void> | null = null;
let again = false;
let retryMs = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const stateListeners = new Set<() => void>();
const eventListeners = new Set<(e: SyncEvent) => void>();

const setSending = (id: string | null) => {
  sendingId = id;
  stateListeners.forEach((l) => l());
};

/** Sends until the queue is empty ('done') or the server cannot be reached ('blocked'). */
async function drain(): Promise<'done' | 'blocked'> {
  for (;;) {
    if (!online()) return 'blocked';
    const next = checkInQueue.snapshot()[0];
    if (!next) return 'done';
    setSending(next.id);
    let result: CheckInResult;
    try {
      result = await postCheckIn(next);
    } catch (error) {
      setSending(null);
      if (isRetryable(error)) {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void checkInSender.kick(), retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        return 'blocked';
      }
      await checkInQueue.remove(next.id);
      eventListeners.forEach((l) => l({ kind: 'failed', item: next, error: error as ApiError }));
      continue;
    }
    retryMs = FIRST_RETRY_MS;
    await checkInQueue.remove(next.id);
    setSending(null);
    eventListeners.forEach((l) => l({ kind: 'sent', item: next, result }));
  }
}

export const checkInSender = {
  /** Starts sending (or, while sending, makes the sender look at the queue once more before it stops). */
  kick(): Promise<void> {
    clearTimeout(retryTimer);
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      let outcome: 'done' | 'blocked';
      do {
        again = false;
        outcome = await drain();
      } while (again && outcome === 'done');
    })().finally(() => {
      draining = null;
      setSending(null);
    });
    return draining;
  },
  sending: () => sendingId,
  subscribe(listener: () => void): () => void {
    stateListeners.add(listener);
    return () => stateListeners.delete(listener);
  },
  /** Answers of queued actions, for the screen to show (the queue has already let them go). */
  onEvent(listener: (e: SyncEvent) => void): () => void {
    eventListeners.add(listener);
    return () => eventListeners.delete(listener);
  },
};

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The queue as the screen shows it, and the sender running while the screen is open. */
export function useCheckInQueue() {
  const queue = useSyncExternalStore(checkInQueue.subscribe, checkInQueue.snapshot);
  const sending = useSyncExternalStore(checkInSender.subscribe, checkInSender.sending);
  const isOnline = useSyncExternalStore(subscribeOnline, online);
  useEffect(() => {
    const kick = () => void checkInSender.kick();
    void checkInQueue.load().then(kick, kick);
    window.addEventListener('online', kick);
    return () => window.removeEventListener('online', kick);
  }, []);
  return {
    queue,
    sending,
    isOnline,
    /** Persists the action, then sends it if the device is online. */
    enqueue: async (a: QueuedAction) => {
      await checkInQueue.add(a);
      void checkInSender.kick();
    },
    sendNow: () => void checkInSender.kick(),
  };
}
