import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache.js';

describe('ReadCache', () => {
  it('computes a key once for concurrent callers and serves it until invalidated', async () => {
    const cache = new ReadCache<number>({ max: 10, ttlMs: 60_000 });
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return calls;
    };
    const values = await Promise.all([1, 2, 3].map(() => cache.getOrCompute('k', compute)));
    expect(values).toEqual([1, 1, 1]);
    expect(await cache.getOrCompute('k', compute)).toBe(1);
    expect(calls).toBe(1);
    cache.invalidate();
    expect(await cache.getOrCompute('k', compute)).toBe(2);
  });

  it('never stores a value whose computation started before a write', async () => {
    const cache = new ReadCache<string>({ max: 10, ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.getOrCompute('k', () => new Promise<string>((r) => (release = () => r('before the write'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('before the write');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.getOrCompute('k', async () => 'after the write')).toBe('after the write');

    const gen = cache.generation;
    cache.invalidate();
    cache.store('late', 'stale', gen);
    expect(cache.get('late')).toBeUndefined();
  });

  it('drops entries at their time to live or their own expiry, and the oldest beyond the limit', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache<string>({ max: 2, ttlMs: 1000 });
      cache.store('a', 'A', cache.generation);
      cache.store('b', 'B', cache.generation, Date.now() + 100);
      vi.advanceTimersByTime(101);
      expect(cache.get('b')).toBeUndefined();
      expect(cache.get('a')).toBe('A');
      cache.store('c', 'C', cache.generation);
      cache.store('d', 'D', cache.generation);
      expect(cache.size).toBe(2);
      expect(cache.get('a')).toBeUndefined();
      expect(cache.get('d')).toBe('D');
      vi.advanceTimersByTime(1000);
      expect(cache.get('d')).toBeUndefined();
      cache.store('e', 'E', cache.generation, Date.now() - 1);
      expect(cache.get('e')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves and stores nothing while paused or disabled, and does not keep failures', async () => {
    const cache = new ReadCache<number>({ max: 10, ttlMs: 60_000 });
    cache.store('k', 1, cache.generation);
    cache.pause(true);
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.getOrCompute('k', async () => 2)).toBe(2);
    cache.pause(false);
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.getOrCompute('k', async () => 3)).toBe(3);
    expect(cache.get('k')).toBe(3);

    await expect(cache.getOrCompute('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.getOrCompute('x', async () => 4)).toBe(4);

    const off = new ReadCache<number>({ max: 10, ttlMs: 60_000, enabled: false });
    off.store('k', 1, off.generation);
    expect(off.get('k')).toBeUndefined();
  });
});
