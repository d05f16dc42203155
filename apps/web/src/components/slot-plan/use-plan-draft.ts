import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { geometryOf, sameGeometry } from './plan-geometry';
import type { Geometry, PlanSlot } from './plan-types';

type Draft = Readonly<Record<string, Geometry>>;
interface State {
  draft: Draft;
  history: Draft[];
}
const HISTORY_LIMIT = 100;
const EMPTY: State = { draft: {}, history: [] };

/**
 * Unsaved geometry of the slots on top of what the server has, with an undo history. A gesture
 * (a drag) updates the draft live and becomes one undo step when it ends.
 */
export function usePlanDraft(slots: PlanSlot[], onChange?: (slotId: string, g: Geometry) => void) {
  const [state, setState] = useState<State>(EMPTY);
  // Geometry the server confirmed on save, until the parent hands in refreshed slots.
  const [saved, setSaved] = useState<Draft>({});
  const gestureStart = useRef<Draft | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  // Refreshed slots from the server replace what the save confirmed (by content: callers may hand in new arrays each render).
  const signature = slots.map((s) => `${s.id}:${s.planX}:${s.planY}:${s.planRotation}:${s.widthM}:${s.depthM}`).join('|');
  useEffect(() => setSaved({}), [signature]);

  const base = useMemo(() => {
    const m = new Map<string, Geometry | null>();
    for (const s of slots) m.set(s.id, saved[s.id] ?? geometryOf(s));
    return m;
  }, [slots, saved]);

  const { draft } = state;
  const geometry = useCallback((id: string): Geometry | null => draft[id] ?? base.get(id) ?? null, [draft, base]);

  const changedIds = useMemo(
    () =>
      Object.keys(draft).filter((id) => {
        if (!base.has(id)) return false;
        const b = base.get(id);
        return !b || !sameGeometry(b, draft[id]!);
      }),
    [draft, base],
  );

  /** A live change inside a gesture: no undo step of its own. */
  const set = useCallback(
    (id: string, g: Geometry) => {
      setState((s) => ({ ...s, draft: { ...s.draft, [id]: g } }));
      onChange?.(id, g);
    },
    [onChange],
  );

  /** One undoable change (a key press, a typed value, placing a slot). */
  const apply = useCallback(
    (id: string, g: Geometry) => {
      const current = stateRef.current.draft[id] ?? base.get(id);
      if (current && sameGeometry(current, g)) return;
      setState((s) => ({ draft: { ...s.draft, [id]: g }, history: [...s.history, s.draft].slice(-HISTORY_LIMIT) }));
      onChange?.(id, g);
    },
    [base, onChange],
  );

  const beginGesture = useCallback(() => {
    gestureStart.current = stateRef.current.draft;
  }, []);
  const endGesture = useCallback((cancel = false) => {
    const start = gestureStart.current;
    gestureStart.current = null;
    if (!start) return;
    setState((s) => {
      if (cancel) return { ...s, draft: start };
      if (start === s.draft) return s;
      return { ...s, history: [...s.history, start].slice(-HISTORY_LIMIT) };
    });
  }, []);

  const undo = useCallback(() => {
    setState((s) => (s.history.length ? { draft: s.history[s.history.length - 1]!, history: s.history.slice(0, -1) } : s));
  }, []);

  const discard = useCallback(() => setState(EMPTY), []);

  /** The server took these: they become the base, and the draft starts again. */
  const markSaved = useCallback((confirmed: Record<string, Geometry>) => {
    setSaved((s) => ({ ...s, ...confirmed }));
    setState(EMPTY);
  }, []);

  return { geometry, set, apply, beginGesture, endGesture, undo, discard, markSaved, changedIds, canUndo: state.history.length > 0 };
}
