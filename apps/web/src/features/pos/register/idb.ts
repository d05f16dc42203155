// A small promise wrapper around IndexedDB: one database for the register (the sales waiting to be sent and
// the catalogue snapshots for selling offline), opened once per page and closed when another tab upgrades it.

const DB_NAME = 'market-pos';
const DB_VERSION = 1;
export const SALES_STORE = 'sales';
export const SNAPSHOTS_STORE = 'snapshots';

let opening: Promise<IDBDatabase> | null = null;

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

function open(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(SALES_STORE)) db.createObjectStore(SALES_STORE, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(SNAPSHOTS_STORE)) db.createObjectStore(SNAPSHOTS_STORE, { keyPath: 'registerId' });
    };
    req.onsuccess = () => {
      const db = req.result;
      // A newer version in another tab: let it upgrade; the next call opens again.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => {
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB could not be opened'));
    };
    req.onblocked = () => {
      opening = null;
      reject(new Error('IndexedDB is blocked by another tab'));
    };
  });
  return opening;
}

/** Runs `work` in one transaction and resolves once it has committed (a write is durable only then). */
async function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  const tx = db.transaction(store, mode, { durability: 'strict' });
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const [result] = await Promise.all([done(work(tx.objectStore(store))), committed]);
  return result;
}

export interface IdbTable<T> {
  all(): Promise<T[]>;
  get(key: string): Promise<T | undefined>;
  put(value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

/** One object store of the register's database. */
export function idbTable<T>(store: string): IdbTable<T> {
  return {
    all: () => run(store, 'readonly', (s) => s.getAll() as IDBRequest<T[]>),
    get: (key) => run(store, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>),
    put: async (value) => void (await run(store, 'readwrite', (s) => s.put(value))),
    delete: async (key) => void (await run(store, 'readwrite', (s) => s.delete(key))),
  };
}
