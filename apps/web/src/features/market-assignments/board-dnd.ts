import {
  KeyboardCode,
  pointerWithin,
  rectIntersection,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { createContext } from 'react';
import type { DragItem, DropTarget } from './board-model';

/**
 * The keyboard moves between the free slots of the dragged item's day by their order on the board, not by
 * geometry: up and down step to the previous or next free slot, Home and End to the first and last. The
 * target is kept here (read by the collision detection below), so it does not depend on rows being laid
 * out or even mounted: the grid renders only the rows in view, and `reveal` scrolls a target's row into view
 * so its cell mounts and registers as a drop target.
 */
export interface KeyboardNav {
  keyboard: boolean;
  /** Row index of the keyboard's current target, or null before the first arrow key. */
  row: number | null;
  /** The droppable id the keyboard chose. */
  target: string | null;
  /** The rows (in order) of the free slots of a day. */
  freeRows: (dayId: string) => readonly number[];
  /** Droppable id of a day's row. */
  idOf: (dayId: string, row: number) => string;
  reveal: (row: number) => void;
}

export function newKeyboardNav(): KeyboardNav {
  return { keyboard: false, row: null, target: null, freeRows: () => [], idOf: () => '', reveal: () => {} };
}

/** The day of the card being held (a request or a booking), or null: only that day's free cells take drops. */
export const HeldDayContext = createContext<string | null>(null);

const itemOf = (data: { current?: unknown } | undefined) => data?.current as DragItem | undefined;
const targetOf = (data: { current?: unknown } | undefined) => data?.current as DropTarget | undefined;

/** Next row in a direction among the free rows, from `from` (null: before the first or after the last). */
export function stepRow(rows: readonly number[], from: number | null, code: string): number | null {
  if (!rows.length) return null;
  switch (code) {
    case KeyboardCode.Down:
      return from === null ? rows[0]! : (rows.find((r) => r > from) ?? null);
    case KeyboardCode.Up:
      if (from === null) return rows[rows.length - 1]!;
      for (let i = rows.length - 1; i >= 0; i--) if (rows[i]! < from) return rows[i]!;
      return null;
    case 'Home':
    case 'PageUp':
      return rows[0]!;
    case 'End':
    case 'PageDown':
      return rows[rows.length - 1]!;
    default:
      return null;
  }
}

const NAV_KEYS = new Set<string>([
  KeyboardCode.Down,
  KeyboardCode.Up,
  KeyboardCode.Left,
  KeyboardCode.Right,
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

export function keyboardGetter(nav: { current: KeyboardNav }): KeyboardCoordinateGetter {
  return (event, { active, currentCoordinates, context }) => {
    const n = nav.current;
    const item = itemOf(context.draggableNodes.get(active)?.data);
    if (!item || !NAV_KEYS.has(event.code)) return undefined;
    // The page must not scroll under a held card, even when there is nowhere further to go.
    event.preventDefault();
    const from = n.row ?? item.row;
    const next = stepRow(n.freeRows(item.dayId), from, event.code);
    if (next === null || next === n.row) return undefined;
    n.row = next;
    n.target = n.idOf(item.dayId, next);
    const rect = context.droppableRects.get(n.target);
    // The sensor scrolls a measured cell into view itself, for the up and down arrows only; the grid scrolls
    // to the others, and to a row not mounted yet. The nudge (any move) makes the board work out the target
    // again, and again once the cell mounts and registers.
    const arrow = event.code === KeyboardCode.Down || event.code === KeyboardCode.Up;
    if (!rect || !arrow) n.reveal(next);
    if (rect && (rect.left !== currentCoordinates.x || rect.top !== currentCoordinates.y)) return { x: rect.left, y: rect.top };
    return { x: currentCoordinates.x, y: currentCoordinates.y + (next > (from ?? -1) ? 1 : -1) };
  };
}

/** Only free cells of the dragged item's own day are targets; the keyboard's target wins while it leads. */
export function boardCollisions(nav: { current: KeyboardNav }): CollisionDetection {
  return (args) => {
    const day = itemOf(args.active.data)?.dayId;
    const droppableContainers = args.droppableContainers.filter((c) => targetOf(c.data)?.dayId === day);
    if (nav.current.keyboard) {
      const id = nav.current.target;
      return id && droppableContainers.some((c) => c.id === id) ? [{ id }] : [];
    }
    const within = pointerWithin({ ...args, droppableContainers });
    return within.length ? within : rectIntersection({ ...args, droppableContainers });
  };
}

type T = (key: string, vars?: Record<string, string | number>) => string;

/** What a screen reader hears while a vendor is moved, in the reader's language. */
export function boardAnnouncements(t: T, dateOf: (dayId: string) => string): Announcements {
  const vendor = (data: { current?: unknown }) => itemOf(data)?.vendorName ?? '';
  const place = (data: { current?: unknown } | undefined) => {
    const target = targetOf(data);
    return target ? { slot: target.slotCode, date: dateOf(target.dayId) } : null;
  };
  return {
    onDragStart: ({ active }) =>
      t('marketAssignments.dnd.start', { vendor: vendor(active.data), date: dateOf(itemOf(active.data)?.dayId ?? '') }),
    onDragOver: ({ active, over }) => {
      const p = place(over?.data);
      return p
        ? t('marketAssignments.dnd.over', { vendor: vendor(active.data), ...p })
        : t('marketAssignments.dnd.notOver', { vendor: vendor(active.data) });
    },
    onDragEnd: ({ active, over }) => {
      const p = place(over?.data);
      return p
        ? t('marketAssignments.dnd.dropped', { vendor: vendor(active.data), ...p })
        : t('marketAssignments.dnd.droppedNowhere', { vendor: vendor(active.data) });
    },
    onDragCancel: ({ active }) => t('marketAssignments.dnd.cancelled', { vendor: vendor(active.data) }),
  };
}

export const boardInstructions = (t: T): ScreenReaderInstructions => ({ draggable: t('marketAssignments.dnd.instructions') });
