import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebounced } from './use-global-search';

// The palette asks the server once typing pauses: keys closer together than the debounce settle once, on the last.
describe('useDebounced', () => {
  afterEach(() => vi.useRealTimers());

  it('settles on the last value once it stayed the same for the debounce, not on each key', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ v }) => {
        const settled = useDebounced(v, SEARCH_DEBOUNCE_MS);
        if (seen.at(-1) !== settled) seen.push(settled);
        return settled;
      },
      { initialProps: { v: '' } },
    );
    for (const v of ['o', 'oi', 'oil']) {
      rerender({ v });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    }
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('oil');
    expect(seen).toEqual(['', 'oil']);
  });
});
