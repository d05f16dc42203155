import type { posRoutes as r } from '@market/contracts';
import { ApiError, type FieldError } from '../../../lib/api';
import type { OrderBody } from './cart';
import { idbTable, SALES_STORE } from './idb';

// The outbox of completed sales. A sale is written here before it is sent and removed only once the server has
// it (recorded now, or recorded before: `alreadyRecorded`). A sale the network failed to deliver stays pending
// and is sent again, oldest first; a sale the server refused stays too, marked for a person to look at.

export type Recorded = r.PosOrderRecorded;

export interface QueuedSale {
  id: string;
  body: OrderBody;
  queuedAt: string;
  status: 'pending' | 'refused';
  attempts: number;
  /** The last failure: a network error for a pending sale, the server's words for a refused one. */
  lastError: string | null;
  fields: FieldError[];
}

/** Where the queue lives: IndexedDB in the browser, memory in tests. */
export interface SaleQueueStore {
  list(): Promise<QueuedSale[]>;
  put(sale: QueuedSale): Promise<void>;
  remove(id: string): Promise<void>;
}

export function memoryQueueStore(initial: QueuedSale[] = []): SaleQueueStore {
  const rows = new Map(initial.map((s) => [s.id, structuredClone(s)]));
  return {
    list: async () => [...rows.values()].map((s) => structuredClone(s)),
    put: async (sale) => void rows.set(sale.id, structuredClone(sale)),
    remove: async (id) => void rows.delete(id),
  };
}

const LS_KEY = 'market-pos-sale-queue';

/** The queue in localStorage: the fallback where IndexedDB is missing or refuses to open (some private modes). */
export function localStorageQueueStore(): SaleQueueStore {
  const read = (): QueuedSale[] => {
    try {
      const v = JSON.parse(localStorage.getItem(LS_KEY) ?? '[]') as unknown;
      return Array.isArray(v) ? (v as QueuedSale[]) : [];
    } catch {
      return [];
    }
  };
  const write = (rows: QueuedSale[]) =>
    rows.length ? localStorage.setItem(LS_KEY, JSON.stringify(rows)) : localStorage.removeItem(LS_KEY);
  return {
    list: async () => read(),
    put: async (sale) => write([...read().filter((s) => s.id !== sale.id), sale]),
    remove: async (id) => write(read().filter((s) => s.id !== id)),
  };
}

/** IndexedDB first; where it fails, localStorage, so a completed sale is never only in memory. */
export function durableQueueStore(): SaleQueueStore {
  const idb = idbTable<QueuedSale>(SALES_STORE);
  const ls = localStorageQueueStore();
  return {
    async list() {
      const [a, b] = await Promise.all([idb.all().catch(() => [] as QueuedSale[]), ls.list()]);
      // A copy in localStorage was written when IndexedDB failed, so it is the newer one.
      const byId = new Map([...a, ...b].map((s) => [s.id, s]));
      return [...byId.values()];
    },
    async put(sale) {
      try {
        await idb.put(sale);
        // A copy kept in localStorage while IndexedDB failed is superseded.
        await ls.remove(sale.id);
      } catch {
        await ls.put(sale);
      }
    },
    async remove(id) {
      await Promise.all([idb.delete(id).catch(() => undefined), ls.remove(id)]);
    },
  };
}

export const queuedSale = (body: OrderBody, now = new Date()): QueuedSale => ({
  id: body.id,
  body,
  queuedAt: now.toISOString(),
  status: 'pending',
  attempts: 0,
  lastError: null,
  fields: [],
});

/** Oldest first (the order the sales were made in). */
export const byAge = (a: QueuedSale, b: QueuedSale) =>
  a.queuedAt === b.queuedAt ? a.id.localeCompare(b.id) : a.queuedAt < b.queuedAt ? -1 : 1;

/**
 * A refusal: the server read the sale and will not record it as it is (a 4xx other than 408 and 429). Sending
 * it again would be refused again, so it waits for a person. A 401 is not one: the cashier's sign-in lapsed,
 * and the sale goes once they are signed in again. No answer, a 5xx, 408 or 429, or a body that is not the
 * API's JSON (a proxy's error page) may pass on a later try.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

export type Outcome = { kind: 'sent'; recorded: Recorded } | { kind: 'refused'; error: ApiError } | { kind: 'kept'; error: unknown };

export interface DrainHooks {
  /** After each change of the store (a sale sent, refused or tried). */
  onChange?: () => void;
  onSent?: (id: string, recorded: Recorded) => void;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Sends the pending sales one by one, oldest first, re-reading the queue after each so a sale added meanwhile is
 * sent in the same run. A network failure stops the run (the rest would fail alike); a refusal marks that sale
 * and the run goes on with the next.
 */
export async function drainQueue(store: SaleQueueStore, send: (body: OrderBody) => Promise<Recorded>, hooks: DrainHooks = {}) {
  const outcomes = new Map<string, Outcome>();
  for (;;) {
    const next = (await store.list()).filter((s) => s.status === 'pending' && !outcomes.has(s.id)).sort(byAge)[0];
    if (!next) break;
    try {
      const recorded = await send(next.body);
      await store.remove(next.id);
      outcomes.set(next.id, { kind: 'sent', recorded });
      hooks.onSent?.(next.id, recorded);
      hooks.onChange?.();
    } catch (error) {
      if (isRefusal(error)) {
        await store.put({ ...next, status: 'refused', attempts: next.attempts + 1, lastError: error.message, fields: error.fields });
        outcomes.set(next.id, { kind: 'refused', error });
        hooks.onChange?.();
        continue;
      }
      await store.put({ ...next, attempts: next.attempts + 1, lastError: messageOf(error) });
      outcomes.set(next.id, { kind: 'kept', error });
      hooks.onChange?.();
      break;
    }
  }
  return outcomes;
}
