import type { CatalogCategory } from './catalog-api';

export interface TreeNode {
  row: CatalogCategory;
  depth: number;
  /** Index among its siblings and how many siblings it has (itself included). */
  index: number;
  siblings: number;
  childCount: number;
}

export interface Move {
  id: string;
  parentId: string | null;
  position: number;
}

export const childrenOf = (rows: CatalogCategory[], parentId: string | null) =>
  rows.filter((r) => r.parentId === parentId).sort((a, b) => a.position - b.position);

/** The rows a reader sees: depth first, children only under expanded parents. */
export function visibleNodes(rows: CatalogCategory[], expanded: ReadonlySet<string>): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (parentId: string | null, depth: number) => {
    const kids = childrenOf(rows, parentId);
    kids.forEach((row, index) => {
      const childCount = rows.filter((r) => r.parentId === row.id).length;
      out.push({ row, depth, index, siblings: kids.length, childCount });
      if (childCount && expanded.has(row.id)) walk(row.id, depth + 1);
    });
  };
  walk(null, 0);
  return out;
}

/** Whether `id` is `ancestorId` or lies below it: a category cannot move into its own branch. */
export function isInBranch(rows: CatalogCategory[], id: string | null, ancestorId: string): boolean {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (let at = id; at; at = byId.get(at)?.parentId ?? null) if (at === ancestorId) return true;
  return false;
}

/** The keyboard alternative to dragging: one step up, down, into the previous sibling, or out to the parent's level. */
export function stepMove(rows: CatalogCategory[], id: string, step: 'up' | 'down' | 'indent' | 'outdent'): Move | null {
  const row = rows.find((r) => r.id === id);
  if (!row) return null;
  const sibs = childrenOf(rows, row.parentId);
  const i = sibs.findIndex((r) => r.id === id);
  if (step === 'up') return i > 0 ? { id, parentId: row.parentId, position: i - 1 } : null;
  if (step === 'down') return i < sibs.length - 1 ? { id, parentId: row.parentId, position: i + 1 } : null;
  if (step === 'indent') {
    const prev = sibs[i - 1];
    return prev ? { id, parentId: prev.id, position: childrenOf(rows, prev.id).length } : null;
  }
  const parent = rows.find((r) => r.id === row.parentId);
  if (!parent) return null;
  const parentIndex = childrenOf(rows, parent.parentId).findIndex((r) => r.id === parent.id);
  return { id, parentId: parent.parentId, position: parentIndex + 1 };
}

export type DropZone = 'before' | 'inside' | 'after';

/** Where a dragged category lands when dropped on `targetId`; null when the drop would make a cycle. */
export function dropMove(rows: CatalogCategory[], draggedId: string, targetId: string, zone: DropZone): Move | null {
  if (isInBranch(rows, targetId, draggedId)) return null;
  const target = rows.find((r) => r.id === targetId);
  if (!target) return null;
  if (zone === 'inside')
    return { id: draggedId, parentId: target.id, position: childrenOf(rows, target.id).filter((r) => r.id !== draggedId).length };
  // The server takes the dragged row out of its list before inserting, so count without it.
  const sibs = childrenOf(rows, target.parentId).filter((r) => r.id !== draggedId);
  const at = sibs.findIndex((r) => r.id === targetId);
  return { id: draggedId, parentId: target.parentId, position: zone === 'before' ? at : at + 1 };
}

/** Top quarter of a row drops before it, bottom quarter after it, the middle into it. */
export function zoneAt(offsetY: number, height: number): DropZone {
  if (offsetY < height / 4) return 'before';
  if (offsetY > (height * 3) / 4) return 'after';
  return 'inside';
}
