import {
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type MutableRefObject, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatLongDate } from '../board-dates';
import { boardAnnouncements, boardCollisions, boardInstructions, HeldDayContext, keyboardGetter, type KeyboardNav } from '../board-dnd';
import { cellId, type BoardIndex, type DragItem, type DropTarget } from '../board-model';
import { useAssign, useMove } from '../market-assignments-api';

// Tab leaves a held card where it was (cancel) instead of dropping it on whatever the keyboard last chose.
const KEYBOARD_CODES = {
  start: [KeyboardCode.Space, KeyboardCode.Enter],
  cancel: [KeyboardCode.Esc, KeyboardCode.Tab],
  end: [KeyboardCode.Space, KeyboardCode.Enter],
};

// A press that moves less than this is a click (the cell's own button), not a drag.
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };

/**
 * Drag and drop of the board: a request from the tray onto a free cell of its day books it, a booking onto
 * another free cell of its day moves it. The drag state lives here, not in the grid's props; the cells
 * read only dnd-kit's own context. A refusal (409, 422) puts the board back and shows the server's words.
 */
export function BoardDnd({
  index,
  boardKey,
  nav,
  children,
}: {
  index: BoardIndex;
  boardKey: QueryKey;
  nav: MutableRefObject<KeyboardNav>;
  children: ReactNode;
}) {
  const { t, language } = useI18n();
  const assign = useAssign(boardKey);
  const move = useMove(boardKey);
  const [active, setActive] = useState<DragItem | null>(null);

  useEffect(() => {
    nav.current.freeRows = (dayId) => index.freeRowsByDay.get(dayId) ?? [];
    nav.current.idOf = (dayId, row) => cellId(dayId, index.rows[row]?.slot.id ?? '');
  }, [nav, index]);

  // Stable sensor options keep dnd-kit's context, and so every cell, from changing on each render here.
  const keyboardOptions = useMemo(
    () => ({ keyboardCodes: KEYBOARD_CODES, coordinateGetter: keyboardGetter(nav), scrollBehavior: 'auto' as const }),
    [nav],
  );
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));
  const collisions = useMemo(() => boardCollisions(nav), [nav]);
  const accessibility = useMemo(() => {
    const dates = new Map(index.columns.map((c) => [c.id, formatLongDate(c.date, language)]));
    return { announcements: boardAnnouncements(t, (id) => dates.get(id) ?? ''), screenReaderInstructions: boardInstructions(t) };
  }, [t, language, index.columns]);

  const reset = () => {
    Object.assign(nav.current, { keyboard: false, row: null, target: null });
    setActive(null);
  };
  const onDragStart = ({ active: a, activatorEvent }: DragStartEvent) => {
    Object.assign(nav.current, { keyboard: activatorEvent instanceof KeyboardEvent, row: null, target: null });
    setActive((a.data.current as DragItem | undefined) ?? null);
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    reset();
    const item = a.data.current as DragItem | undefined;
    const target = over?.data.current as DropTarget | undefined;
    if (!item || !target || target.dayId !== item.dayId) return;
    const refused = (e: Error) => toast.error(errorMessage(t, e));
    if (item.kind === 'request') assign.mutate({ request: item.request, slotId: target.slotId }, { onError: refused });
    else if (item.cell.slotId !== target.slotId) move.mutate({ cell: item.cell, slotId: target.slotId }, { onError: refused });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
    >
      {/* The free cells of the held card's day become drop targets (and light up) while it is held. */}
      <HeldDayContext.Provider value={active?.dayId ?? null}>{children}</HeldDayContext.Provider>
      <DragOverlay dropAnimation={null}>
        {active && (
          <div className="rounded-md border bg-card px-3 py-2 text-sm font-medium shadow-lg" data-testid="drag-overlay">
            {active.vendorName}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
