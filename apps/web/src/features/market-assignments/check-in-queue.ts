import type { CheckInAction } from '@market/contracts/plain';

/*
 * The device's queue of check-in actions. Every action is written here first, with the id the server will key
 * it by, and leaves only once the server has answered it definitively: a check-in made without a connection (or
 * whose answer was lost) survives a reload and is sent again with the same id, which the server records once.
 * IndexedDB holds it; where IndexedDB is missing or refuses to open (some private modes), localStorage does.
 */

export interface QueuedAction {
  /** The client-generated id: the record's primary key on the server. */
  id: string;
  marketDayId: string;
  assignmentId: string;
  action: CheckInAction;
  /** When the action was taken on this device (ISO 8601). */
  recordedAt: string;
  overrideReason?: string;
  /** For the banner and messages while the list itself may be gone. */
  vendorName: string;
  /** Sending order. */
  queuedAt: number;
}

interface Backend {
  all(): Promise<QueuedAction[]>;
  put(a: QueuedAction): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB_NAME = 'market-check-in';
const STORE = 'queue';
export const CHECK_IN_QUEUE_STORAGE_KEY = 'market-check-in-queue';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

async function indexedDbBackend(): Promise<Backend> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'id' });
  const db = await request(open);
  const run = async <T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) => {
    const tx = db.transaction(STORE, mode);
    const result = await request(work(tx.objectStore(STORE)));
    // A write counts once its transaction has committed, not when the request succeeded.
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    return result;
  };
  return {
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<QueuedAction[]>),
    put: async (a) => void (await run('readwrite', (s) => s.put(a))),
    remove: async (id) => void (await run('readwrite', (s) => s.delete(id))),
  };
}

function localStorageBackend(): Backend {
  const read = (): QueuedAction[] => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(CHECK_IN_QUEUE_STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? (parsed as QueuedAction[]) : [];
    } catch {
      return [];
    }
  };
  const write = (items: QueuedAction[]) => localStorage.setItem(CHECK_IN_QUEUE_STORAGE_KEY, JSON.stringify(items));
  return {
    all: async () => read(),
    put: async (a) => write([...read().filter((x) => x.id !== a.id), a]),
    remove: async (id) => write(read().filter((x) => x.id !== id)),
  };
}

let backend: Promise<Backend> | null = null;

function storage(): Promise<Backend> {
  backend ??= (typeof indexedDB === 'undefined' ? Promise.reject(new Error('no IndexedDB')) : indexedDbBackend()).catch(() =>
    localStorageBackend(),
  );
  return backend;
}

/** What the screen renders: the queue as last read or written, in sending order. */
let items: QueuedAction[] = [];
const listeners = new Set<() => void>();
const publish = (next: QueuedAction[]) => {
  items = [...next].sort((x, y) => x.queuedAt - y.queuedAt);
  listeners.forEach((l) => l());
};

export const checkInQueue = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): QueuedAction[] => items,
  /** Reads the persisted queue (after a reload, or another tab's writes). */
  async load(): Promise<QueuedAction[]> {
    publish(await (await storage()).all());
    return items;
  },
  /** Persists the action before anything is sent. */
  async add(a: QueuedAction): Promise<void> {
    await (await storage()).put(a);
    publish([...items.filter((x) => x.id !== a.id), a]);
  },
  async remove(id: string): Promise<void> {
    await (await storage()).remove(id);
    publish(items.filter((x) => x.id !== id));
  },
};
