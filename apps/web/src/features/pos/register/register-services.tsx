import { createContext, useContext, type ReactNode } from 'react';
import { durableQueueStore, memoryQueueStore, type SaleQueueStore } from './sale-queue';
import { idbSnapshotStore, memorySnapshotStore, type SnapshotStore } from './snapshot-store';

// The register's storage and coordination, given to the page so tests run it on memory: the sale queue, the
// snapshots, the lock that lets one tab at a time send the queue, and the channel the tabs tell each other on.

/** Runs `work` unless another run (this tab's or another's) holds the lock: then null at once. */
export type QueueLock = <T>(work: () => Promise<T>) => Promise<T | null>;

export interface QueueChannel {
  post(message: QueueMessage): void;
  listen(handler: (message: QueueMessage) => void): () => void;
}

export type QueueMessage = { type: 'changed' } | { type: 'sent'; id: string; recorded: unknown };

export interface RegisterServices {
  queue: SaleQueueStore;
  snapshots: SnapshotStore;
  lock: QueueLock;
  channel: QueueChannel | null;
}

/** One run at a time in this tab. */
export function tabLock(): QueueLock {
  let busy = false;
  return async (work) => {
    if (busy) return null;
    busy = true;
    try {
      return await work();
    } finally {
      busy = false;
    }
  };
}

const LOCK_NAME = 'market-pos-sale-queue';

/** One run at a time across the browser's tabs (Web Locks), and in this tab where Web Locks are missing. */
export function browserLock(): QueueLock {
  const inTab = tabLock();
  return (work) => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return inTab(work);
    return locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? inTab(work) : null));
  };
}

function broadcastChannel(): QueueChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(LOCK_NAME);
  return {
    post: (message) => channel.postMessage(message),
    listen(handler) {
      const on = (e: MessageEvent) => handler(e.data as QueueMessage);
      channel.addEventListener('message', on);
      return () => channel.removeEventListener('message', on);
    },
  };
}

let browser: RegisterServices | null = null;

/** The page's services in the browser: IndexedDB, Web Locks and a BroadcastChannel, made once. */
export function browserServices(): RegisterServices {
  browser ??= { queue: durableQueueStore(), snapshots: idbSnapshotStore(), lock: browserLock(), channel: broadcastChannel() };
  return browser;
}

/** Services for a test: memory stores, this tab's lock, no channel. */
export function memoryServices(over: Partial<RegisterServices> = {}): RegisterServices {
  return { queue: memoryQueueStore(), snapshots: memorySnapshotStore(), lock: tabLock(), channel: null, ...over };
}

const ServicesContext = createContext<RegisterServices | null>(null);

export function RegisterServicesProvider({ services, children }: { services: RegisterServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useRegisterServices(): RegisterServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useRegisterServices outside RegisterServicesProvider');
  return s;
}
