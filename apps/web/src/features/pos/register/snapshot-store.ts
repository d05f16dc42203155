import type { posRoutes as r } from '@market/contracts';
import { POS_LIMITS } from '@market/contracts/plain';
import type { Sellable } from './cart';
import { idbTable, SNAPSHOTS_STORE } from './idb';

// The register's catalogue kept for selling offline (GET /pos/registers/:id/snapshot), and the search over it
// that stands in for the server's lookup while there is no connection.

export type Snapshot = r.PosRegisterSnapshot;

export interface SnapshotStore {
  get(registerId: string): Promise<Snapshot | null>;
  put(registerId: string, snapshot: Snapshot): Promise<void>;
}

export function memorySnapshotStore(): SnapshotStore {
  const rows = new Map<string, Snapshot>();
  return {
    get: async (id) => rows.get(id) ?? null,
    put: async (id, s) => void rows.set(id, s),
  };
}

export function idbSnapshotStore(): SnapshotStore {
  const table = idbTable<{ registerId: string; snapshot: Snapshot }>(SNAPSHOTS_STORE);
  return {
    get: async (id) => (await table.get(id).catch(() => undefined))?.snapshot ?? null,
    // Losing a snapshot only costs offline search until the next refresh.
    put: (id, snapshot) => table.put({ registerId: id, snapshot }).catch(() => undefined),
  };
}

const ARABIC_LETTER: Record<string, string> = {
  '\u0622': '\u0627',
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0671': '\u0627',
  '\u0649': '\u064a',
  '\u06cc': '\u064a',
  '\u0629': '\u0647',
};

/**
 * A name or term as the server's product search compares them (lib/search-normalize.ts): lower case, Arabic
 * diacritics and tatweel dropped, the alef, yeh and taa marbuta spellings folded, Arabic-Indic digits as 0-9.
 */
export function normalize(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x0640 || (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670) continue;
    if (cp >= 0x0660 && cp <= 0x0669) out += String(cp - 0x0660);
    else if (cp >= 0x06f0 && cp <= 0x06f9) out += String(cp - 0x06f0);
    else out += ARABIC_LETTER[ch] ?? ch.toLowerCase();
  }
  return out;
}

/** A scanned barcode or a typed SKU naming this item exactly (SKU in any case). */
export const isExactMatch = (item: Sellable, term: string) => {
  const q = term.trim();
  return !!q && (item.barcode === q || item.sku.toLowerCase() === q.toLowerCase());
};

/** The snapshot's answer to a lookup: exact barcode or SKU first, then names (English or Arabic) and SKUs containing the term. */
export function searchSnapshot(items: readonly Sellable[], term: string, limit: number = POS_LIMITS.lookup): Sellable[] {
  const q = term.trim();
  if (!q) return [];
  const exact = items.filter((i) => isExactMatch(i, q));
  const n = normalize(q);
  const contains = items.filter(
    (i) => !exact.includes(i) && (normalize(i.nameEn).includes(n) || normalize(i.nameAr).includes(n) || i.sku.toLowerCase().includes(n)),
  );
  return [...exact, ...contains].slice(0, limit);
}
