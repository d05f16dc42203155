import { useEffect, useRef } from 'react';

interface Resettable {
  reset: () => void;
}

/**
 * The save of a create-or-edit dialog: the update mutation when an item is being edited, the create
 * one otherwise. Each time the dialog opens (or switches item) both mutations forget their last
 * answer and `refill(item)` puts the item's values, or the empty form, back; what the parent renders
 * in between never wipes what was typed.
 */
export function useDialogSave<I, C extends Resettable, U extends Resettable>(
  open: boolean,
  item: I | null,
  create: C,
  update: U,
  refill: (item: I | null) => void,
): C | U {
  const refillRef = useRef(refill);
  useEffect(() => {
    refillRef.current = refill;
  });
  // `reset` is bound to the mutation's observer and keeps one identity across renders.
  const resetCreate = create.reset;
  const resetUpdate = update.reset;
  useEffect(() => {
    if (!open) return;
    resetCreate();
    resetUpdate();
    refillRef.current(item);
  }, [open, item, resetCreate, resetUpdate]);
  return item ? update : create;
}
