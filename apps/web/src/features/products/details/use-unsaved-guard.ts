import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before leaving with unsaved changes: the browser's prompt on reload/close, and an in-app
 * blocker for navigation to another page (the caller shows a dialog while `blocker.state` is "blocked").
 * `allow()` lets one deliberate navigation through (after a delete, for example).
 */
export function useUnsavedGuard(dirty: boolean) {
  const allowed = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return {
    blocker,
    allow: () => {
      allowed.current = true;
    },
  };
}
