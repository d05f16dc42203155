import { useCallback, useSyncExternalStore } from 'react';

/** Below this width (Tailwind's `md`, where the sidebar also becomes a sheet) lists show their rows as cards. */
export const CARD_BREAKPOINT = 768;
const QUERY = `(max-width: ${CARD_BREAKPOINT - 1}px)`;

/** Whether the window is phone-narrow; follows resizes and rotation. */
export function usePhone(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const mql = window.matchMedia(QUERY);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
