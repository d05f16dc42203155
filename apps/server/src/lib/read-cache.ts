/**
 * A bounded in-process cache of reads that are costly to compute and rare to change (who a session
 * is, a catalogue list page). Correctness rests on the generation, not on the time to live:
 * - invalidate() moves the generation when a committed write to what the cache holds is heard of (the
 *   tables' NOTIFY; a writing request's answer waits until its own has arrived), and every older entry is a miss;
 * - a value is stored only under the generation read before its computation started, so a read that
 *   raced a write never stores what the write made stale;
 * - while the change feed is down (pause), nothing is served or stored.
 * The time to live and the entry limit bound the memory and the age of an entry, nothing more.
 */
export class ReadCache<V> {
  private gen = 0;
  private paused = false;
  private readonly entries = new Map<string, { gen: number; expires: number; value: V }>();
  private readonly pending = new Map<string, { gen: number; promise: Promise<V> }>();
  hits = 0;
  misses = 0;

  constructor(private readonly opts: { max: number; ttlMs: number; enabled?: boolean }) {}

  get enabled(): boolean {
    return this.opts.enabled !== false && !this.paused;
  }

  get(key: string): V | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.gen !== this.gen || e.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /**
   * The cached value, or compute() once for every concurrent caller of the same key. `expiresAt`
   * (epoch ms) shortens an entry's life below the time to live, e.g. to a token's expiry.
   */
  async getOrCompute(key: string, compute: () => Promise<V>, expiresAt?: (value: V) => number): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) {
      this.hits++;
      return hit;
    }
    this.misses++;
    if (!this.enabled) return compute();
    const gen = this.gen;
    const inflight = this.pending.get(key);
    if (inflight && inflight.gen === gen) return inflight.promise;
    const promise = compute().then((value) => {
      this.store(key, value, gen, expiresAt?.(value));
      return value;
    });
    this.pending.set(key, { gen, promise });
    const done = () => {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Computes the value afresh (a caller asked for no cached answer) and stores it unless a write came meanwhile. */
  async refresh(key: string, compute: () => Promise<V>): Promise<V> {
    const gen = this.gen;
    const value = await compute();
    this.store(key, value, gen);
    return value;
  }

  /** Stores a value computed under `gen` (read before the computation); dropped if a write came since. */
  store(key: string, value: V, gen: number, expiresAt?: number): void {
    if (!this.enabled || gen !== this.gen) return;
    const expires = Math.min(Date.now() + this.opts.ttlMs, expiresAt ?? Infinity);
    if (expires <= Date.now()) return;
    this.entries.delete(key);
    if (this.entries.size >= this.opts.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { gen, expires, value });
  }

  /** The generation to pass to store(): read it before reading the database. */
  get generation(): number {
    return this.gen;
  }

  /** Something the cached reads depend on has changed: every entry computed before now is stale. */
  invalidate(): void {
    this.gen++;
    this.entries.clear();
    this.pending.clear();
  }

  /** The change feed is down (true) or back (false): serve nothing from the cache meanwhile. */
  pause(paused: boolean): void {
    this.paused = paused;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}
