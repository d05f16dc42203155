/** How long after start-up work that the first page does not need (realtime) waits before it begins. */
export const AFTER_START_MS = 3000;

/**
 * Runs `work` once the first page has had time to load (AFTER_START_MS from the page's start, then an idle
 * moment), so what it fetches does not compete with the first page's own requests. Returns a cancel.
 */
export function afterStart(work: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const wait = Math.max(0, AFTER_START_MS - performance.now());
  const timer = setTimeout(() => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => !cancelled && work(), { timeout: 2000 });
    else work();
  }, wait);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
